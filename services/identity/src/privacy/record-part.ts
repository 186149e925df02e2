import type { ExportPartReadyData } from '@mia/contracts';
import { enqueueMail, type ReactionContext } from '@mia/service-kit';
import type { IdentityTx } from '../db.js';
import { exportDownloadUrl, exportReadyMail } from './export-mail.js';
import { allPartsIn, EXPORT_VALID_MS } from './export-status.js';

export interface ReadyMailSettings {
  origin: string;
  schema: string;
}

/**
 * Keeps one service's sealed part (a redelivery keeps the first), and when it completes the
 * export marks it ready for 24 hours and queues the owner's mail in the same transaction: the
 * kit's mail worker sends it after commit.
 */
export async function recordExportPart(
  part: ExportPartReadyData,
  ctx: ReactionContext<IdentityTx>,
  mail: ReadyMailSettings,
): Promise<void> {
  const { tx } = ctx;
  await tx.accountExportPart.createMany({
    data: [
      {
        exportId: part.exportId,
        service: part.service,
        part: part.part,
        schemaVersion: part.schemaVersion,
        receivedAt: ctx.now,
      },
    ],
    skipDuplicates: true,
  });
  const received = await tx.accountExportPart.findMany({
    where: { exportId: part.exportId },
    select: { service: true },
  });
  if (!allPartsIn(received.map((r) => r.service))) return;
  const expiresAt = new Date(ctx.now.getTime() + EXPORT_VALID_MS);
  const marked = await tx.accountExport.updateMany({
    where: { id: part.exportId, readyAt: null },
    data: { readyAt: ctx.now, expiresAt },
  });
  if (marked.count === 0) return;
  const secret = await tx.accountExportSecret.findUnique({ where: { exportId: part.exportId } });
  const user = secret && (await tx.user.findUnique({ where: { id: secret.userId } }));
  if (!secret || !user) return;
  await enqueueMail(ctx.sql, mail.schema, {
    key: `account-export:${part.exportId}`,
    mail: exportReadyMail(
      secret.language === 'en' ? 'en' : 'es',
      { email: user.email, name: user.name },
      exportDownloadUrl(mail.origin, part.exportId),
    ),
  });
}
