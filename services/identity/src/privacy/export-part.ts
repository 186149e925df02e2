import {
  eventsForExport,
  exportPartOnRequested,
  mailsSentTo,
  type ExportContributor,
} from '@mia/service-kit';
import type { IdentityTx } from '../db.js';
import { userStreamId } from '../users/user-stream.js';
import { recordExportPart, type ReadyMailSettings } from './record-part.js';

/**
 * Identity's part of an account export: the profile, sessions (never their tokens), e-mail
 * verification and password-reset links (times only, never the token hashes), whether two-step
 * verification is on (never its secret or recovery codes), connected apps, the account's history
 * (event names and times only: the stream holds password hashes and the second factor's secret)
 * and the mails identity queued.
 */
export const identityExportContributor: ExportContributor<IdentityTx> = {
  service: 'identity',
  schemaVersion: 1,
  async build(ctx, userId) {
    const { tx, sql } = ctx;
    const user = await tx.user.findUnique({
      where: { id: userId },
      omit: { passwordHash: true },
    });
    const linkTimes = { createdAt: true, expiresAt: true, usedAt: true, voidedAt: true } as const;
    const sessions = await tx.session.findMany({
      where: { userId },
      orderBy: { startedAt: 'asc' },
      select: { startedAt: true, expiresAt: true, endedAt: true, endReason: true },
    });
    const verificationLinks = await tx.emailVerificationToken.findMany({
      where: { userId },
      select: linkTimes,
    });
    const passwordResetLinks = await tx.passwordResetToken.findMany({
      where: { userId },
      select: linkTimes,
    });
    const connections = await tx.oAuthConnection.findMany({ where: { userId } });
    const uses = await tx.oAuthConnectionUse.findMany({
      where: { grantId: { in: connections.map((c) => c.grantId) } },
    });
    const history = await ctx.readStream(userStreamId(userId));
    return {
      profile: user,
      sessions,
      emailVerification: { verifiedAt: user?.emailVerifiedAt ?? null, links: verificationLinks },
      passwordResetLinks,
      twoFactor: { enabled: user?.twoFactorEnabled ?? false },
      connectedApps: connections.map((c) => ({
        ...c,
        lastUsedAt: uses.find((u) => u.grantId === c.grantId)?.lastUsedAt ?? null,
      })),
      accountHistory: eventsForExport(history, () => false),
      mailsSent: await mailsSentTo(sql, user?.email),
    };
  },
};

/** The reaction: identity's own part, sealed like the others and kept with them. */
export const identityExportPartOnRequested = (mail: ReadyMailSettings) =>
  exportPartOnRequested(identityExportContributor, (part, ctx) =>
    recordExportPart(part, ctx, mail),
  );
