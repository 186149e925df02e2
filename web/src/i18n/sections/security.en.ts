import type { securityEs } from './security.es';

/** The second factor (sign-in step, Account Settings) and the admin panel's roles (en). */
export const securityEn: typeof securityEs = {
  twoFactor: {
    signIn: {
      title: 'Two-step verification',
      description:
        'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
      code: 'Code',
      submit: 'Verify',
      submitting: 'Verifying...',
      back: 'Back to Sign In',
      failed: 'We could not verify the code',
    },
    settings: {
      title: 'Two-step verification',
      on: 'On: signing in asks for the code from your authenticator app.',
      off: 'Protect your account: besides your password, we will ask for a code from your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...).',
      start: 'Turn on two-step verification',
      starting: 'Preparing...',
      scan: 'Add this account to your authenticator app: open the link on your phone or type the key by hand.',
      openInApp: 'Open in the authenticator app',
      secret: 'Key',
      code: '6-digit code from the app',
      enable: 'Turn on',
      enabling: 'Turning on...',
      cancel: 'Cancel',
      recoveryTitle: 'Your recovery codes',
      recoveryHint:
        'Keep them somewhere safe: each one signs you in once if you lose your phone. We will not show them again.',
      recoveryDone: 'I saved them',
      disable: 'Turn off',
      disabling: 'Turning off...',
      disableHint:
        'To turn it off, confirm your password and a code from the app (or a recovery code).',
      password: 'Password',
      enabled: 'Two-step verification is on',
      disabled: 'Two-step verification is off',
      failed: 'We could not change two-step verification',
    },
    codeFormat: 'Enter the 6 digits from your app or a recovery code',
    errors: {
      invalid_code: 'That code is not valid. Check the current code in your app and try again.',
      code_already_used: 'That code was already used. Wait for the next code in your app.',
      second_factor_expired: 'Your sign-in has expired. Please sign in again.',
      totp_setup_required: 'Start the set-up again.',
      two_factor_already_enabled: 'Two-step verification is already on.',
      two_factor_not_enabled: 'Two-step verification is not on.',
      wrong_password: 'Your current password is incorrect.',
      rate_limited: 'Too many attempts. Please wait a few minutes and try again.',
    },
    adminRequired:
      'To use the admin panel, first turn on two-step verification in Account Settings.',
  },
  roles: {
    title: 'Roles and permissions',
    description: 'Grant or remove the admin role. Who did it and why is recorded.',
    email: 'Account email',
    role: 'Role',
    roleUser: 'User',
    roleAdmin: 'Admin',
    reason: 'Reason',
    submit: 'Change role',
    submitting: 'Saving...',
    changed: 'Role updated',
    unchanged: 'The user already had that role',
    failed: 'We could not change the role',
  },
};
