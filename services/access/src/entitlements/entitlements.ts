import type { GrantRevocationReasonV2, GrantSourceKindV2 } from '@mia/contracts';
import type { CommandHandler } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import type { AccessGrant, PrismaClient } from '../generated/prisma/client.js';
import { entitlementsStreamId } from './entitlement-events.js';
import { entitlementsDecider, grantsOf } from './entitlements-decider.js';
import type { Grant, GrantStatus } from './grants.js';

/** A row of the grants read model as `usable` takes it. */
export function grantOfRow(row: AccessGrant): Grant {
  const source: Grant['source'] = {
    kind: row.sourceKind as GrantSourceKindV2,
    ref: row.sourceRef,
  };
  if (row.grantedBy !== null) source.by = row.grantedBy;
  if (row.reason !== null) source.reason = row.reason;
  if (row.teamName !== null) source.teamName = row.teamName;
  if (row.giftFrom !== null) source.giftFrom = row.giftFrom;
  const grant: Grant = {
    grantId: row.grantId,
    scope: row.scope,
    source,
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil?.toISOString() ?? null,
    status: row.status as GrantStatus,
  };
  if (row.graceUntil !== null) grant.graceUntil = row.graceUntil.toISOString();
  if (row.revokedReason !== null)
    grant.revokedReason = row.revokedReason as GrantRevocationReasonV2;
  return grant;
}

/** A user's grants from the read model (for pages; expiry is left to `usable`). */
export async function readGrants(db: PrismaClient, userId: string): Promise<Grant[]> {
  const rows = await db.accessGrant.findMany({ where: { userId }, orderBy: { grantedAt: 'asc' } });
  return rows.map(grantOfRow);
}

/**
 * A user's grants folded from the entitlements stream itself: what an access decision (opening
 * a tool, a GPT's verification) rests on, never a projection.
 */
export async function loadGrants(
  commands: CommandHandler<AccessTx>,
  userId: string,
): Promise<Grant[]> {
  const { state } = await commands.load(entitlementsStreamId(userId), entitlementsDecider);
  return grantsOf(state);
}
