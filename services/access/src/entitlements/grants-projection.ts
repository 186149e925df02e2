import {
  AccessExtendedV1,
  AccessGrantedV2,
  AccessRestoredV1,
  AccessRevokedV2,
  AccessSuspendedV1,
} from '@mia/contracts';
import type { Projection } from '@mia/service-kit';
import type { AccessTx } from '../db.js';
import { SubscriptionGraceClosed, SubscriptionGraceOpened } from './entitlement-events.js';

/** The `access_grants` table: one row per grant, from the entitlement events. */
export const grantsProjection: Projection<AccessTx> = {
  name: 'access-grants',
  handles: [
    AccessGrantedV2.type,
    AccessExtendedV1.type,
    AccessSuspendedV1.type,
    AccessRestoredV1.type,
    AccessRevokedV2.type,
    SubscriptionGraceOpened.type,
    SubscriptionGraceClosed.type,
  ],
  async apply(event, { tx }) {
    const updatedAt = new Date(event.occurredAt);
    switch (event.type) {
      // v1 (older streams) reads as v2: its kinds and reasons are a subset.
      case AccessGrantedV2.type: {
        const d = AccessGrantedV2.schema.parse(event.data);
        const row = {
          scope: d.scope,
          sourceKind: d.source.kind,
          sourceRef: d.source.ref,
          grantedBy: d.source.by ?? null,
          reason: d.source.reason ?? null,
          teamName: d.source.teamName ?? null,
          giftFrom: d.source.giftFrom ?? null,
          validFrom: new Date(d.validFrom),
          validUntil: d.validUntil === null ? null : new Date(d.validUntil),
          status: 'active',
          revokedReason: null,
          graceUntil: null,
          grantedAt: updatedAt,
          updatedAt,
        };
        await tx.accessGrant.upsert({
          where: { userId_grantId: { userId: d.userId, grantId: d.grantId } },
          create: { userId: d.userId, grantId: d.grantId, ...row },
          update: row,
        });
        return;
      }
      case AccessExtendedV1.type: {
        const d = AccessExtendedV1.schema.parse(event.data);
        await tx.accessGrant.updateMany({
          where: { userId: d.userId, grantId: d.grantId },
          data: { validUntil: new Date(d.validUntil), updatedAt },
        });
        return;
      }
      case AccessSuspendedV1.type: {
        const d = AccessSuspendedV1.schema.parse(event.data);
        await tx.accessGrant.updateMany({
          where: { userId: d.userId, grantId: d.grantId, status: 'active' },
          data: { status: 'suspended', updatedAt },
        });
        return;
      }
      case AccessRestoredV1.type: {
        const d = AccessRestoredV1.schema.parse(event.data);
        await tx.accessGrant.updateMany({
          where: { userId: d.userId, grantId: d.grantId, status: 'suspended' },
          data: { status: 'active', updatedAt },
        });
        return;
      }
      case AccessRevokedV2.type: {
        // A revocation before its grant has no row; the decider never grants it afterwards.
        const d = AccessRevokedV2.schema.parse(event.data);
        await tx.accessGrant.updateMany({
          where: { userId: d.userId, grantId: d.grantId },
          data: { status: 'revoked', revokedReason: d.reason, updatedAt },
        });
        return;
      }
      case SubscriptionGraceOpened.type: {
        const d = SubscriptionGraceOpened.schema.parse(event.data);
        await tx.accessGrant.updateMany({
          where: { userId: d.userId, grantId: d.grantId },
          data: { graceUntil: new Date(d.graceUntil), updatedAt },
        });
        return;
      }
      case SubscriptionGraceClosed.type: {
        const d = SubscriptionGraceClosed.schema.parse(event.data);
        await tx.accessGrant.updateMany({
          where: { userId: d.userId, grantId: d.grantId },
          data: { graceUntil: null, updatedAt },
        });
        return;
      }
    }
  },
  async reset({ tx }) {
    await tx.accessGrant.deleteMany();
  },
};
