import {
  AccessExtendedV1,
  AccessGrantedV2,
  AccessRestoredV1,
  AccessRevokedV2,
  AccessSuspendedV1,
} from '@mia/contracts';
import { on, type ReactionContext } from '@mia/service-kit';
import type { SupportTx } from '../db.js';

// The customer's grants as access decided them. Events of one user's access stream can reach
// two replicas out of order, so each row is created by whichever event comes first: revoked is
// final, a late suspend/restore loses to a newer one (access's stream version), and a grant
// that arrives after its revocation stays revoked.

const version = (streamVersion: number | undefined) => streamVersion ?? 0;

export const recordGrantOnAccessGranted = on<typeof AccessGrantedV2, SupportTx>(
  AccessGrantedV2,
  async (data, _envelope, ctx) => {
    await ctx.sql.query(
      `INSERT INTO customer_grants (grant_id, user_id, scope, source_kind, source_ref, valid_from,
         valid_until, state, updated_at)
       VALUES ($1, $2::uuid, $3, $4, $5, $6::timestamptz, $7::timestamptz, 'active', $8::timestamptz)
       ON CONFLICT (grant_id) DO UPDATE SET
         scope = EXCLUDED.scope,
         source_kind = EXCLUDED.source_kind,
         source_ref = EXCLUDED.source_ref,
         valid_from = EXCLUDED.valid_from,
         -- An extension may have arrived first; a lifetime grant stays lifetime.
         valid_until = CASE WHEN EXCLUDED.valid_until IS NULL THEN NULL
                            ELSE greatest(customer_grants.valid_until, EXCLUDED.valid_until) END,
         updated_at = EXCLUDED.updated_at`,
      [
        data.grantId,
        data.userId,
        data.scope,
        data.source.kind,
        data.source.ref,
        data.validFrom,
        data.validUntil,
        ctx.now.toISOString(),
      ],
    );
  },
);

export const recordExtensionOnAccessExtended = on<typeof AccessExtendedV1, SupportTx>(
  AccessExtendedV1,
  async (data, _envelope, ctx) => {
    await ctx.sql.query(
      `INSERT INTO customer_grants (grant_id, user_id, valid_until, state, updated_at)
       VALUES ($1, $2::uuid, $3::timestamptz, 'active', $4::timestamptz)
       ON CONFLICT (grant_id) DO UPDATE SET
         valid_until = CASE WHEN customer_grants.scope IS NOT NULL
                             AND customer_grants.valid_until IS NULL THEN NULL
                            ELSE greatest(customer_grants.valid_until, EXCLUDED.valid_until) END,
         updated_at = EXCLUDED.updated_at`,
      [data.grantId, data.userId, data.validUntil, ctx.now.toISOString()],
    );
  },
);

/** Sets a grant's state unless it is revoked already or a newer change was applied. */
async function setState(
  ctx: Pick<ReactionContext<SupportTx>, 'sql' | 'now'>,
  grant: { grantId: string; userId: string },
  state: 'active' | 'suspended' | 'revoked',
  streamVersion: number,
  reason: string | null,
) {
  await ctx.sql.query(
    `INSERT INTO customer_grants (grant_id, user_id, state, revoke_reason, state_version, updated_at)
     VALUES ($1, $2::uuid, $3, $4, $5::int, $6::timestamptz)
     ON CONFLICT (grant_id) DO UPDATE SET
       state = EXCLUDED.state,
       revoke_reason = EXCLUDED.revoke_reason,
       state_version = EXCLUDED.state_version,
       updated_at = EXCLUDED.updated_at
     WHERE customer_grants.state <> 'revoked'
       AND (EXCLUDED.state = 'revoked' OR customer_grants.state_version <= EXCLUDED.state_version)`,
    [grant.grantId, grant.userId, state, reason, streamVersion, ctx.now.toISOString()],
  );
}

export const recordRevocationOnAccessRevoked = on<typeof AccessRevokedV2, SupportTx>(
  AccessRevokedV2,
  (data, envelope, ctx) =>
    setState(ctx, data, 'revoked', version(envelope.streamVersion), data.reason),
);

export const recordSuspensionOnAccessSuspended = on<typeof AccessSuspendedV1, SupportTx>(
  AccessSuspendedV1,
  (data, envelope, ctx) =>
    setState(ctx, data, 'suspended', version(envelope.streamVersion), data.reason),
);

export const recordRestorationOnAccessRestored = on<typeof AccessRestoredV1, SupportTx>(
  AccessRestoredV1,
  (data, envelope, ctx) => setState(ctx, data, 'active', version(envelope.streamVersion), null),
);
