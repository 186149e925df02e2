import { AccessExportPartReadyV1 } from '@mia/contracts';
import {
  eventsForExport,
  exportPartOnRequested,
  mailsSentTo,
  publishExportPart,
  type ExportContributor,
} from '@mia/service-kit';
import { accessCodeStreamId } from '../access-codes/access-code-events.js';
import type { AccessTx } from '../db.js';
import { entitlementsStreamId } from '../entitlements/entitlement-events.js';
import { settingsStreamId } from '../settings/settings-decider.js';
import { usageStreamId } from '../usage/usage-events.js';

// A use is recorded as GptOpened v2 with a v1 twin (for consumers still on v1): one entry each.
const oneVersionOfEachUse = <E extends { type: string; version: number; data: unknown }>(
  events: readonly E[],
): E[] => {
  const uses = events.filter((e) => e.type === 'GptOpened');
  const key = (e: E) => {
    const d = e.data as { at?: string; productId?: string };
    return `${d.at}|${d.productId}`;
  };
  const newest = new Map<string, E>();
  for (const e of uses) {
    const seen = newest.get(key(e));
    if (!seen || seen.version < e.version) newest.set(key(e), e);
  }
  return [...newest.values()];
};

/**
 * Access's part of an account export: grants with their sources and history, every tool use
 * (GptOpened) and refused code check (GptAccessDenied), notification settings, payments as
 * access knows them, the gifts they paid for, and the access code's metadata.
 *
 * The access code itself is left out on purpose: it is a live credential that opens the paid
 * tools, and an export travels by mail links and sits in download folders; the owner sees it
 * on the dashboard whenever they want. When it was issued and rotated is in.
 */
export const accessExportContributor: ExportContributor<AccessTx> = {
  service: 'access',
  schemaVersion: 1,
  async build(ctx, userId) {
    const { tx, sql } = ctx;
    const directory = await tx.directoryUser.findUnique({ where: { userId } });
    const grants = await tx.accessGrant.findMany({
      where: { userId },
      orderBy: { grantedAt: 'asc' },
    });
    const usageCounts = await tx.usageCount.findMany({ where: { userId } });
    const payments = await tx.payment.findMany({ where: { userId } });
    const code = await tx.accessCode.findUnique({
      where: { userId },
      select: { issuedAt: true },
    });
    const codeEvents = await ctx.readStream(accessCodeStreamId(userId));
    const usage = await ctx.readStream(usageStreamId(userId));
    const settings = await ctx.readStream(settingsStreamId(userId));
    const grantHistory = await ctx.readStream(entitlementsStreamId(userId));
    // Gifts the user paid for, as their list shows them (never a link's hash).
    const giftsGiven = await tx.gift.findMany({
      where: { buyerId: userId },
      orderBy: { paidAt: 'asc' },
      omit: { tokenHash: true },
    });
    return {
      account: directory,
      grants,
      grantHistory: eventsForExport(grantHistory),
      uses: eventsForExport(oneVersionOfEachUse(usage)),
      codeVerificationsRefused: eventsForExport(usage.filter((e) => e.type === 'GptAccessDenied')),
      usageCounts,
      settings: eventsForExport(settings),
      accessCode: {
        included: false,
        issuedAt: code?.issuedAt ?? null,
        history: eventsForExport(codeEvents, () => false),
      },
      payments,
      giftsGiven,
      mailsSent: await mailsSentTo(sql, directory?.email),
    };
  },
};

/** The reaction: access's part, sealed and published as AccessExportPartReady. */
export const accessExportPartOnRequested = () =>
  exportPartOnRequested(accessExportContributor, publishExportPart(AccessExportPartReadyV1));
