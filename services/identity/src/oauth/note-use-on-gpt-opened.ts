import { GptOpenedV2 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { IdentityTx } from '../db.js';
import { noteConnectionUsedSql } from './connected-apps.js';

/**
 * "Last used" of a connected app is its last tool use through OAuth, as access reports it
 * (GptOpened v2 names the grant). Token issuance notes it too; the later time wins, whatever
 * order the two arrive in.
 */
export const noteUseOnGptOpened = () =>
  on<typeof GptOpenedV2, IdentityTx>(GptOpenedV2, async (data, _envelope, ctx) => {
    if (data.auth !== 'oauth' || !data.grantId) return;
    await ctx.sql.query(noteConnectionUsedSql, [data.grantId, new Date(data.at)]);
  });
