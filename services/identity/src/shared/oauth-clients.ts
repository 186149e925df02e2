import { z } from 'zod';
import { redirectUriProblem } from './redirect-uris.js';

/** Development only: the key of the authorization server's own cookies. */
export const DEV_OAUTH_COOKIE_KEY = 'mia-dev-oauth-cookie-key-not-for-production';

const redirectUri = z.string().superRefine((uri, ctx) => {
  const problem = redirectUriProblem(uri);
  if (problem) ctx.addIssue({ code: 'custom', message: `${uri} ${problem}` });
});

/** One of our GPTs, registered by configuration: a confidential client. */
export const staticClientSchema = z.strictObject({
  clientId: z.string().regex(/^[A-Za-z0-9._-]{3,100}$/, 'letters, digits, . _ - (3 to 100)'),
  clientSecret: z.string().min(1),
  /** Shown on the consent screen and in "Aplicaciones conectadas". */
  name: z.string().trim().min(1).max(100),
  redirectUris: z.array(redirectUri).min(1),
  /** How it sends its secret to the token endpoint; GPT Actions' default is the POST body. */
  tokenEndpointAuthMethod: z
    .enum(['client_secret_post', 'client_secret_basic'])
    .default('client_secret_post'),
});
export type StaticClient = z.output<typeof staticClientSchema>;

/** `OAUTH_CLIENTS`: a JSON array of static clients, ids unique; empty means none. */
export const staticClientsSchema = z
  .string()
  .transform((text, ctx) => {
    // Empty (compose's `${OAUTH_CLIENTS:-}`): no static clients.
    if (text.trim() === '') return [];
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array' });
      return z.NEVER;
    }
  })
  .pipe(
    z.array(staticClientSchema).superRefine((clients, ctx) => {
      const ids = clients.map((c) => c.clientId);
      const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
      if (repeated) ctx.addIssue({ code: 'custom', message: `clientId ${repeated} appears twice` });
    }),
  );

/** What production refuses in the static clients: secrets anyone could guess. */
export function staticClientProblems(clients: readonly StaticClient[]): string[] {
  return clients
    .filter((c) => c.clientSecret.length < 32)
    .map((c) => `client ${c.clientId}: the secret needs at least 32 characters in production`);
}
