import type { connectionsEs } from './connections.es';

/** Tools connected by signing in (OAuth): the consent page and Account Settings' list (en). */
export const connectionsEn: typeof connectionsEs = {
  connections: {
    consent: {
      headTitle: 'Connect a tool',
      headDescription: 'Allow a tool to use your Ministerio IA account.',
      headKeywords: 'connect, authorize, tool, OAuth',
      title: 'Connect a tool',
      loading: 'Loading the request...',
      wantsAccess: 'wants to connect to your account.',
      mayLabel: 'It will be able to:',
      scopes: {
        'tools:use': 'check your access and count your uses',
        offline_access: 'stay connected until you revoke its access',
      },
      cannot: 'It cannot see your password, your payments or your card details.',
      account: 'Account',
      allow: 'Allow',
      cancel: 'Cancel',
      connecting: 'Connecting...',
      cancelling: 'Cancelling...',
      revokeHint:
        'You can revoke its access at any time in Account Settings, under “Connected apps”.',
      signingIn: 'Sign in first...',
      failed: 'We could not complete the connection',
      loadFailed: 'We could not load the connection request.',
      retry: 'Try again',
      notFoundTitle: 'This request is no longer valid',
      notFoundText:
        'The connection request expired or was already used. Go back to the tool and connect it again.',
      toDashboard: 'Go to my dashboard',
    },
    apps: {
      heading: 'Connected apps',
      description:
        'Tools you gave access to by signing in. If you revoke one, it will have to ask for your permission again.',
      loadFailed: 'Your connected apps could not be loaded.',
      empty: 'You have not connected any apps.',
      connectedAt: 'Connected on',
      lastUsedAt: 'Last used',
      never: 'Never',
      revoke: 'Revoke',
      revokeLabel: (name: string) => `Revoke ${name}'s access`,
      revokeTitle: (name: string) => `Revoke ${name}'s access?`,
      revokeText:
        'It stops working within seconds. To use it again you will have to connect it again.',
      revokeConfirm: 'Revoke access',
      revokeKeep: 'Keep it',
      revoked: 'Access revoked',
      revokeFailed: 'Could not revoke access',
    },
    accessCodeNote:
      'Tools you connect by signing in (OAuth) do not need this code: only chatbots that cannot connect that way ask for it.',
  },
};
