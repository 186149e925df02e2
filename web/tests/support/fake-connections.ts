import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { apiErrorSchema } from '@mia/contracts';
import { notFound, unauthorized } from '@mia/service-kit';
import { z } from 'zod';
import { connectedAppsResponseSchema } from '@/features/connections/api/connected-apps';
import { interactionDetailsSchema } from '@/features/connections/api/interaction-details';
import { redirectAnswerSchema } from '@/features/connections/api/redirect-answer';
import type { FakeIdentity } from './fake-identity';

// Identity's OAuth answers as the shared contract of issue 23 states them
// (notes/oauth-contract.md: consent and connected apps). The schemas are the web's own, which
// follow that contract; every answer is checked against them, so the page is never tested
// against a shape identity does not send.

// Identity adds a readable message beside the contract's error code.
const notFoundSchema = z.object({
  error: z.literal('interaction_not_found'),
  message: z.literal('Interaction not found'),
});
const interactionNotFound = () =>
  answer(404, notFoundSchema, { error: 'interaction_not_found', message: 'Interaction not found' });

class ContractBreach extends Error {
  override readonly name = 'ContractBreach';
}

interface Answer {
  status: number;
  body?: unknown;
  location?: string;
}

function answer<S extends z.ZodType>(status: number, schema: S, body: z.input<S>): Answer {
  const parsed = schema.safeParse(body);
  if (!parsed.success || !isDeepStrictEqual(parsed.data, body)) {
    throw new ContractBreach(
      `fake OAuth answered ${status} ${JSON.stringify(body)}, which the contract does not describe`,
    );
  }
  return { status, body };
}

const signedOut = () => answer(401, apiErrorSchema, unauthorized('Unauthorized').toBody());

export interface FakeClient {
  id: string;
  name: string;
  /** Where the authorization server sends the browser with the code (or access_denied). */
  redirectUri: string;
}

interface Interaction {
  uid: string;
  client: FakeClient;
  scopes: string[];
  state: string;
  /** Set once answered: oidc-provider's interaction ends with the consent or the refusal. */
  outcome?: { email: string; granted: true } | { granted: false };
}

interface Grant {
  id: string;
  email: string;
  client: FakeClient;
  scopes: string[];
  connectedAt: string;
  lastUsedAt: string | null;
}

/**
 * A stand-in for identity's OAuth pieces the SPA talks to: the consent interaction (details,
 * consent, cancel), the authorization endpoint's resume step (a 303 to the client with a code or
 * `access_denied`, as oidc-provider sends it), and the connected apps list. Sessions are the fake
 * identity's.
 */
export class FakeConnections {
  readonly interactions = new Map<string, Interaction>();
  readonly grants: Grant[] = [];
  readonly contractBreaches: Error[] = [];

  constructor(private readonly identity: FakeIdentity) {}

  reset(): void {
    this.interactions.clear();
    this.grants.length = 0;
    this.contractBreaches.length = 0;
  }

  assertContractsKept(): void {
    const [breach] = this.contractBreaches;
    if (breach) throw breach;
  }

  /** A tool started an authorization request: its uid is what the consent page is opened with. */
  addInteraction(client: FakeClient, scopes: string[] = ['tools:use']): string {
    const uid = randomUUID().replaceAll('-', '');
    this.interactions.set(uid, { uid, client, scopes, state: `st-${uid.slice(0, 8)}` });
    return uid;
  }

  /** Test setup: a connection made earlier (the consent is remembered until it is revoked). */
  addGrant(
    email: string,
    client: FakeClient,
    at: Partial<Pick<Grant, 'connectedAt' | 'lastUsedAt'>> = {},
  ) {
    const grant: Grant = {
      id: `grant-${randomUUID().slice(0, 8)}`,
      email,
      client,
      scopes: ['tools:use'],
      connectedAt: at.connectedAt ?? new Date().toISOString(),
      lastUsedAt: at.lastUsedAt ?? null,
    };
    this.grants.push(grant);
    return grant;
  }

  private email(req: IncomingMessage): string | undefined {
    const sid = /(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const email = sid ? this.identity.sessions.get(sid) : undefined;
    return email && this.identity.users.has(email) ? email : undefined;
  }

  private remembered(email: string, interaction: Interaction): boolean {
    return this.grants.some(
      (grant) =>
        grant.email === email &&
        grant.client.id === interaction.client.id &&
        interaction.scopes.every((scope) => grant.scopes.includes(scope)),
    );
  }

  private resumeUrl(req: IncomingMessage, uid: string): string {
    return `http://${req.headers.host}/api/oauth/authorize/${uid}`;
  }

  private details(req: IncomingMessage, uid: string): Answer {
    const interaction = this.interactions.get(uid);
    if (!interaction || interaction.outcome) {
      return interactionNotFound();
    }
    const email = this.email(req);
    const user = email ? this.identity.users.get(email) : undefined;
    return answer(200, interactionDetailsSchema, {
      uid,
      client: { id: interaction.client.id, name: interaction.client.name },
      scopes: interaction.scopes,
      account: user ? { email: user.email, name: user.name } : null,
      remembered: email ? this.remembered(email, interaction) : false,
    });
  }

  private consent(req: IncomingMessage, uid: string): Answer {
    // As identity: the session is checked before the interaction is looked up.
    const email = this.email(req);
    if (!email) return signedOut();
    const interaction = this.interactions.get(uid);
    if (!interaction || interaction.outcome) return interactionNotFound();
    interaction.outcome = { email, granted: true };
    if (!this.remembered(email, interaction)) this.addGrant(email, interaction.client);
    return answer(200, redirectAnswerSchema, { redirectTo: this.resumeUrl(req, uid) });
  }

  private cancel(req: IncomingMessage, uid: string): Answer {
    const interaction = this.interactions.get(uid);
    if (!interaction || interaction.outcome) {
      return interactionNotFound();
    }
    interaction.outcome = { granted: false };
    return answer(200, redirectAnswerSchema, { redirectTo: this.resumeUrl(req, uid) });
  }

  /** The authorization endpoint finishing the request: to the client, with a code or a refusal. */
  private resume(uid: string): Answer {
    const interaction = this.interactions.get(uid);
    if (!interaction?.outcome) return interactionNotFound();
    const target = new URL(interaction.client.redirectUri);
    if (interaction.outcome.granted) target.searchParams.set('code', `code-${uid.slice(0, 8)}`);
    else target.searchParams.set('error', 'access_denied');
    target.searchParams.set('state', interaction.state);
    return { status: 303, location: target.href };
  }

  private apps(req: IncomingMessage): Answer {
    const email = this.email(req);
    if (!email) return signedOut();
    return answer(200, connectedAppsResponseSchema, {
      apps: this.grants
        .filter((grant) => grant.email === email)
        .map((grant) => ({
          id: grant.id,
          clientName: grant.client.name,
          connectedAt: grant.connectedAt,
          lastUsedAt: grant.lastUsedAt,
        })),
    });
  }

  private revoke(req: IncomingMessage, id: string): Answer {
    const email = this.email(req);
    if (!email) return signedOut();
    const index = this.grants.findIndex((grant) => grant.id === id && grant.email === email);
    if (index < 0)
      return answer(404, apiErrorSchema, notFound('Connected app not found', 'not_found').toBody());
    this.grants.splice(index, 1);
    return { status: 204 };
  }

  private route(req: IncomingMessage, path: string): Answer | undefined {
    const interaction = /^\/api\/oauth\/interaction\/([^/]+)\/(details|consent|cancel)$/.exec(path);
    if (interaction) {
      const uid = decodeURIComponent(interaction[1]!);
      const action = interaction[2];
      if (action === 'details' && req.method === 'GET') return this.details(req, uid);
      if (action === 'consent' && req.method === 'POST') return this.consent(req, uid);
      if (action === 'cancel' && req.method === 'POST') return this.cancel(req, uid);
      return undefined;
    }
    const resume = /^\/api\/oauth\/authorize\/([^/]+)$/.exec(path);
    if (resume && req.method === 'GET') return this.resume(decodeURIComponent(resume[1]!));
    if (path === '/api/connected-apps' && req.method === 'GET') return this.apps(req);
    const app = /^\/api\/connected-apps\/([^/]+)$/.exec(path);
    if (app && req.method === 'DELETE') return this.revoke(req, decodeURIComponent(app[1]!));
    return undefined;
  }

  readonly handler = (req: IncomingMessage, res: ServerResponse): boolean => {
    let result: Answer | undefined;
    try {
      result = this.route(req, new URL(req.url ?? '/', 'http://x').pathname);
    } catch (error) {
      if (error instanceof ContractBreach) this.contractBreaches.push(error);
      throw error;
    }
    if (!result) return false;
    const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
    if (result.location) headers.Location = result.location;
    if (result.body !== undefined) headers['Content-Type'] = 'application/json';
    res.writeHead(result.status, headers);
    res.end(result.body === undefined ? undefined : JSON.stringify(result.body));
    return true;
  };
}
