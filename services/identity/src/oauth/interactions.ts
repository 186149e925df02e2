import type { Request, Response } from 'express';
import { errors, type Grant, type Interaction } from 'oidc-provider';
import type { IdentityDb } from '../db.js';
import type { OAuthServer } from '../identity.js';
import { TOOLS_SCOPE } from './resources.js';

/** What identity asks of the provider around a consent interaction. */
export type InteractionContext = OAuthServer;

/**
 * The interaction named in the path, read through its cookie (the provider sets it with this
 * path, so only this browser's calls below the interaction URL carry it). Null when the cookie
 * is missing, the interaction expired, or the cookie names another interaction.
 */
export async function findInteraction(
  { provider }: InteractionContext,
  req: Request,
  res: Response,
  uid: string,
): Promise<Interaction | null> {
  try {
    const interaction = await provider.interactionDetails(req, res);
    return interaction.uid === uid ? interaction : null;
  } catch (err) {
    if (err instanceof errors.SessionNotFound) return null;
    throw err;
  }
}

const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];

/** The resources the client asked for (RFC 8707), or the tool API when it named none. */
export const requestedResources = (
  interaction: Interaction,
  resources: OAuthServer['resources'],
) => {
  const asked = listOf(interaction.params.resource);
  return asked.length > 0 ? asked : [resources.default];
};

const GRANTABLE = new Set([TOOLS_SCOPE, 'openid', 'offline_access']);

/**
 * The scopes the client asked for that a consent grants: ours, and `offline_access` / `openid`
 * when a library adds them. The provider knows `tools:use` as one of its own scopes (so the
 * metadata lists it) as well as the resources' scope, so the grant carries it both ways.
 */
export const requestedScopes = (interaction: Interaction) =>
  String(interaction.params.scope ?? '')
    .split(' ')
    .filter((s) => GRANTABLE.has(s));

/**
 * A live grant this user already gave this client covering what it asks now: consent is
 * remembered per client until revoked (or until the grant expires unused).
 */
export async function rememberedGrant(
  { provider, resources }: InteractionContext,
  db: IdentityDb,
  interaction: Interaction,
  userId: string,
): Promise<Grant | undefined> {
  const clientId = String(interaction.params.client_id);
  const connections = await db.oAuthConnection.findMany({
    where: { userId, clientId, revokedAt: null },
    orderBy: { connectedAt: 'desc' },
  });
  const wanted = requestedResources(interaction, resources);
  for (const connection of connections) {
    const grant = await provider.Grant.find(connection.grantId);
    if (!grant || grant.accountId !== userId || grant.clientId !== clientId) continue;
    const granted = grant.getOIDCScopeEncountered().split(' ');
    const covers =
      wanted.every((r) => grant.getResourceScopeEncountered(r).split(' ').includes(TOOLS_SCOPE)) &&
      requestedScopes(interaction).every((s) => granted.includes(s));
    if (covers) return grant;
  }
  return undefined;
}
