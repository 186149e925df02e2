import { exportServices, sealedBoxSchema, type ExportService } from '@mia/contracts';
import { notFound, open } from '@mia/service-kit';
import type { Identity } from '../identity.js';
import { assembleExport } from './export-document.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one answer for an export that is not this user's, not ready, used or expired. */
export const exportNotFound = () => notFound('There is no export to download here.', 'not_found');

/** The caller's own export row, or 404 (the same for another user's and an unknown id). */
export async function ownExport(identity: Identity, userId: string, exportId: string) {
  if (!UUID.test(exportId)) throw exportNotFound();
  const row = await identity.db.accountExport.findUnique({ where: { id: exportId } });
  if (!row || row.userId !== userId) throw exportNotFound();
  return row;
}

/**
 * The single download: the export is marked downloaded first (one request wins), then opened,
 * and its private key and sealed parts are deleted in the same transaction, so no second copy
 * can ever be made from what identity keeps.
 */
export async function downloadExport(
  identity: Identity,
  userId: string,
  exportId: string,
  schemaUrl: string,
) {
  if (!UUID.test(exportId)) throw exportNotFound();
  const now = identity.clock();
  return identity.db.$transaction(async (tx) => {
    const claimed = await tx.accountExport.updateMany({
      where: {
        id: exportId,
        userId,
        readyAt: { not: null },
        downloadedAt: null,
        expiresAt: { gt: now },
      },
      data: { downloadedAt: now },
    });
    if (claimed.count === 0) throw exportNotFound();
    const secret = await tx.accountExportSecret.findUnique({ where: { exportId } });
    const user = await tx.user.findUnique({ where: { id: userId } });
    const rows = await tx.accountExportPart.findMany({ where: { exportId } });
    if (!secret || !user) throw exportNotFound();
    const parts = {} as Record<
      ExportService,
      { schemaVersion: number; data: Record<string, unknown> }
    >;
    for (const service of exportServices) {
      const row = rows.find((r) => r.service === service);
      if (!row) throw exportNotFound();
      const clear = open(secret.privateKey, sealedBoxSchema.parse(row.part));
      parts[service] = {
        schemaVersion: row.schemaVersion,
        data: JSON.parse(clear) as Record<string, unknown>,
      };
    }
    await tx.accountExportPart.deleteMany({ where: { exportId } });
    await tx.accountExportSecret.delete({ where: { exportId } });
    return assembleExport({
      exportId,
      exportedAt: now,
      user: { id: user.id, email: user.email, username: user.username, name: user.name },
      parts,
      schemaUrl,
    });
  });
}
