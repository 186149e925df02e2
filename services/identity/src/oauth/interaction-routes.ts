import { unauthorized } from '@mia/service-kit';
import { Router, type Response } from 'express';
import { z } from 'zod';
import type { Identity } from '../identity.js';
import { currentSession } from '../shared/current-session.js';
import { recordConnection } from './connections.js';
import {
  findInteraction,
  rememberedGrant,
  requestedScopes,
  requestedResources,
} from './interactions.js';
import { OAUTH_MOUNT } from './provider.js';
import { TOOLS_SCOPE } from './resources.js';

// oidc-provider's interaction ids (nanoid); anything else names no interaction.
const uidSchema = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/);

const notFound = (res: Response) =>
  res.status(404).json({ error: 'interaction_not_found', message: 'Interaction not found' });

/**
 * The consent step of an authorization (contract: notes/oauth-contract.md). The store's own
 * session is the sign-in: the SPA page /oauth/consent/:uid shows the app and the account, and
 * posts the user's answer here. State-changing calls pass the app-wide cross-origin check like
 * every other POST; the interaction cookie only reaches paths below the interaction URL.
 */
export function interactionRoutes(identity: Identity): Router {
  const router = Router();
  const { oauth } = identity;
  const base = `${OAUTH_MOUNT}/interaction/:uid`;

  // The provider sends the browser here; the SPA owns the page.
  router.get(base, (req, res) => {
    const uid = uidSchema.safeParse(req.params.uid);
    if (!uid.success) return void notFound(res);
    res.redirect(303, `${identity.config.PUBLIC_ORIGIN}/oauth/consent/${uid.data}`);
  });

  router.get(`${base}/details`, async (req, res) => {
    const uid = uidSchema.safeParse(req.params.uid);
    const interaction = uid.success ? await findInteraction(oauth, req, res, uid.data) : null;
    if (!interaction) return void notFound(res);
    const clientId = String(interaction.params.client_id);
    const client = await oauth.provider.Client.find(clientId);
    if (!client) return void notFound(res);
    const signedIn = await currentSession(identity, req);
    const remembered = signedIn
      ? (await rememberedGrant(oauth, identity.db, interaction, signedIn.user.id)) !== undefined
      : false;
    res.json({
      uid: interaction.uid,
      client: { id: clientId, name: client.clientName ?? clientId },
      scopes: [TOOLS_SCOPE],
      account: signedIn ? { email: signedIn.user.email, name: signedIn.user.name } : null,
      remembered,
    });
  });

  router.post(`${base}/consent`, async (req, res) => {
    const signedIn = await currentSession(identity, req);
    if (!signedIn) throw unauthorized();
    const uid = uidSchema.safeParse(req.params.uid);
    const interaction = uid.success ? await findInteraction(oauth, req, res, uid.data) : null;
    if (!interaction) return void notFound(res);
    const clientId = String(interaction.params.client_id);
    const client = await oauth.provider.Client.find(clientId);
    if (!client) return void notFound(res);
    const userId = signedIn.user.id;

    let grant = await rememberedGrant(oauth, identity.db, interaction, userId);
    const isNew = !grant;
    if (!grant) {
      grant = new oauth.provider.Grant({ accountId: userId, clientId });
      grant.jti = identity.newId();
    }
    for (const resource of requestedResources(interaction, oauth.resources)) {
      grant.addResourceScope(resource, TOOLS_SCOPE);
    }
    const scopes = requestedScopes(interaction);
    if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '));
    // The connection is recorded before the grant exists: a grant is never left that the
    // user cannot see in their connected apps, nor revoke.
    if (isNew) {
      await recordConnection(identity, {
        grantId: grant.jti,
        userId,
        clientId,
        clientName: client.clientName ?? clientId,
      });
    }
    const grantId = await grant.save();
    const redirectTo = await oauth.provider.interactionResult(
      req,
      res,
      { login: { accountId: userId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    res.json({ redirectTo });
  });

  router.post(`${base}/cancel`, async (req, res) => {
    const uid = uidSchema.safeParse(req.params.uid);
    const interaction = uid.success ? await findInteraction(oauth, req, res, uid.data) : null;
    if (!interaction) return void notFound(res);
    const redirectTo = await oauth.provider.interactionResult(
      req,
      res,
      { error: 'access_denied', error_description: 'The user did not allow the connection' },
      { mergeWithLastSubmission: false },
    );
    res.json({ redirectTo });
  });

  return router;
}
