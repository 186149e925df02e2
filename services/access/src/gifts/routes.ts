import {
  changeGiftRecipientRequestSchema,
  giftTokenRequestSchema,
  giftItemSchema,
  ownIdSchema,
  type ClaimGiftResponse,
  type GiftPreview,
  type MyGiftsResponse,
} from '@mia/contracts';
import { route } from '@mia/service-kit';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { Access } from '../access.js';
import { langOf } from '../verification/messages.js';
import { claimGift, previewGift } from './claim-gift.js';
import { decideWithLink } from './gift-links.js';
import { inLanguage } from './gift-messages.js';
import { giftTransaction } from './gift-transaction.js';

const giftParams = z.object({ giftId: ownIdSchema });
const languageOf = (req: Request) => langOf(req.headers['accept-language']);

/** Runs a step and answers its refusals in the caller's language. */
async function localized<T>(req: Request, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw inLanguage(error, languageOf(req));
  }
}

/**
 * Access's part of /api/gifts (ADR 0020; billing owns POST /api/gifts, the payment): the
 * buyer's list, resend and change of recipient (a gift that is not the caller's is a 404, as
 * one that does not exist), and the recipient's preview and claim.
 */
export function giftRoutes(access: Access): Router {
  const router = Router();

  route(router, access.auth, {
    method: 'get',
    path: '/api/gifts',
    auth: 'user',
    handler: async ({ user }): Promise<MyGiftsResponse> => {
      const rows = await access.db.gift.findMany({
        where: { buyerId: user.id },
        orderBy: { paidAt: 'desc' },
      });
      return {
        sent: rows.map((row) => ({
          giftId: row.giftId,
          item: giftItemSchema.parse(row.item),
          recipientEmail: row.recipientEmail,
          status: z.enum(['scheduled', 'sent', 'claimed', 'refunded']).parse(row.status),
          sendAt: row.sendAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
          claimedAt: row.claimedAt?.toISOString() ?? null,
        })),
      };
    },
  });

  // Static paths before `/api/gifts/:giftId` routes, so `preview` and `claim` are never ids.
  route(router, access.auth, {
    method: 'post',
    path: '/api/gifts/preview',
    auth: 'public',
    body: giftTokenRequestSchema,
    handler: ({ body, req }): Promise<GiftPreview> =>
      localized(req, () => previewGift(access, body.token, languageOf(req))),
  });

  route(router, access.auth, {
    method: 'post',
    path: '/api/gifts/claim',
    auth: 'user',
    body: giftTokenRequestSchema,
    handler: ({ body, user, req }): Promise<ClaimGiftResponse> =>
      localized(req, () => claimGift(access, user, body.token)),
  });

  route(router, access.auth, {
    method: 'patch',
    path: '/api/gifts/:giftId',
    auth: 'user',
    params: giftParams,
    body: changeGiftRecipientRequestSchema,
    status: 204,
    handler: async ({ params, body, user, req, res }) => {
      await localized(req, () =>
        giftTransaction(access, (session) =>
          decideWithLink(access, session, params.giftId, (tokenHash) => ({
            kind: 'change-recipient',
            buyerId: user.id,
            recipientEmail: body.recipientEmail,
            tokenHash,
            language: languageOf(req),
          })),
        ),
      );
      res.status(204).end();
    },
  });

  route(router, access.auth, {
    method: 'post',
    path: '/api/gifts/:giftId/resend',
    auth: 'user',
    params: giftParams,
    status: 204,
    handler: async ({ params, user, req, res }) => {
      await localized(req, () =>
        giftTransaction(access, (session) =>
          decideWithLink(access, session, params.giftId, (tokenHash) => ({
            kind: 'resend',
            buyerId: user.id,
            tokenHash,
            language: languageOf(req),
          })),
        ),
      );
      res.status(204).end();
    },
  });

  return router;
}
