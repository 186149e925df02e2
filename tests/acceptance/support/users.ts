import { randomBytes } from 'node:crypto';
import { verificationTokenIn } from '../../support/verification-mail.js';
import type { ApiClient, Answer } from './api.js';
import { totpCode, totpStep } from '../../support/second-factor.js';
import { client, target } from './context.js';
import type { Credentials } from './target.js';

export interface Person extends Credentials {
  name: string;
  username: string;
}

/**
 * A person no earlier run has used: the e-mail and username carry the time and random bytes,
 * so runs repeat and overlap against one live deployment without cleaning anything up.
 */
export function newPerson(label: string): Person {
  const tag = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  return {
    name: `Acceptance ${label}`,
    username: `acc-${label}-${tag}`,
    email: `acc.${label}.${tag}@example.org`,
    password: `Gracia-y-Paz-${tag}`,
  };
}

/** Identity's answer to too many registrations from one address, told as what to change. */
function rateLimited(answer: Answer): Error {
  const message = (answer.body as { message?: string } | undefined)?.message ?? answer.text;
  return new Error(
    `The target refused a registration (429: ${message}). Identity allows ` +
      'RATE_LIMIT_REGISTER_PER_IP registrations (default 10) per client address per ' +
      'RATE_LIMIT_WINDOW_MINUTES (default 15) and each run registers its own users: wait, or ' +
      'raise RATE_LIMIT_REGISTER_PER_IP on the deployment under test.',
  );
}

export async function register(api: ApiClient, person: Person): Promise<Answer> {
  const answer = await api.post('/api/register', {
    name: person.name,
    username: person.username,
    email: person.email,
    password: person.password,
  });
  if (answer.status === 429) throw rateLimited(answer);
  return answer;
}

/** A new person, registered through the API and signed in on the returned client. */
export async function signUp(label: string): Promise<{ person: Person; api: ApiClient }> {
  const person = newPerson(label);
  return { person, api: await signUpAs(person) };
}

/**
 * Registers a person made earlier (an address someone invited, or gave a gift to, before the
 * account existed), signed in on the returned client.
 */
export async function signUpAs(person: Person): Promise<ApiClient> {
  const api = client();
  const answer = await register(api, person);
  if (answer.status !== 201) {
    throw new Error(`Registering ${person.email} answered ${answer.status}: ${answer.text}`);
  }
  return api;
}

/** A client signed in with the given credentials (throws with the target's answer otherwise). */
export async function signIn(credentials: Credentials): Promise<ApiClient> {
  const api = client();
  const answer = await api.post('/api/login', {
    username: credentials.email,
    password: credentials.password,
  });
  if (answer.status === 202) {
    const secret = credentials.totpSecret ?? target().adminTotpSecret;
    if (!secret)
      throw new Error(`${credentials.email} asks for a second factor and no secret is known`);
    await completeSecondFactor(api, credentials.email, secret);
    return api;
  }
  if (answer.status !== 200) {
    throw new Error(`Signing in as ${credentials.email} answered ${answer.status}: ${answer.text}`);
  }
  return api;
}

/** The newest verification token mailed to `email` in ACCEPTANCE_MAIL_DIR, waiting a little. */
async function mailedToken(mailDir: string, email: string): Promise<string | undefined> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const token = await verificationTokenIn(mailDir, email);
    if (token || Date.now() > deadline) return token;
    await new Promise((wake) => setTimeout(wake, 100));
  }
}

/**
 * Verifies the signed-in person's e-mail as opening the mailed link would: from the mailbox
 * folder when the run was given one (ACCEPTANCE_MAIL_DIR, as `npm run test:acceptance:local`
 * does), else with the token a development deployment hands back on resend. Answers why not
 * otherwise (the caller skips what needs a verified address).
 */
export async function verifyEmail(api: ApiClient, email: string): Promise<true | string> {
  const mailDir = process.env.ACCEPTANCE_MAIL_DIR;
  let token = mailDir ? await mailedToken(mailDir, email) : undefined;
  if (!token) {
    const resent = await api.post<{ verificationToken?: string }>('/api/verify-email/resend');
    token = resent.body?.verificationToken;
    if (!token) {
      return (
        `no verification link for ${email}: set ACCEPTANCE_MAIL_DIR to the deployment's mail ` +
        `folder, or run against development, which hands the token back (${resent.status})`
      );
    }
  }
  const verified = await api.post('/api/verify-email', { token });
  if (verified.status !== 200) {
    throw new Error(`Verifying ${email} answered ${verified.status}: ${verified.text}`);
  }
  return true;
}

/**
 * The code step of a sign-in (POST /api/login answered 202): the authenticator's code of the
 * next time step, which identity accepts (one step of drift) unless an earlier sign-in of this
 * run already used it; then it waits for the step to pass, as a person would.
 */
export async function completeSecondFactor(
  api: ApiClient,
  email: string,
  secret: string,
): Promise<Answer> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await api.post('/api/login/second-factor', { code: totpCode(secret, 1) });
    if (answer.status === 200) return answer;
    const code = (answer.body as { code?: string } | undefined)?.code;
    if (code !== 'code_already_used' || attempt === 3) {
      throw new Error(`The second factor of ${email} answered ${answer.status}: ${answer.text}`);
    }
    const nextStep = (totpStep() + 1) * 30_000;
    await new Promise((resolve) => setTimeout(resolve, nextStep - Date.now() + 100));
  }
}
