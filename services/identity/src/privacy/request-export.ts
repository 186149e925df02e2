import { generateSealingKeyPair } from '@mia/service-kit';
import type { Identity } from '../identity.js';
import { exportDecider, exportStreamId } from './export-decider.js';
import { EXPORT_VALID_MS } from './export-status.js';

/**
 * Starts an export: a key pair made for it alone (the private half stays in identity's table,
 * the public half goes out with the request), then AccountExportRequested. The secret is
 * written first: an append that then fails leaves a key nothing was sealed for.
 */
export async function requestExport(
  identity: Identity,
  userId: string,
  language: 'es' | 'en',
): Promise<{ exportId: string }> {
  await shredStaleExports(identity, userId);
  const exportId = identity.newId();
  const keys = generateSealingKeyPair();
  await identity.db.accountExportSecret.create({
    data: {
      exportId,
      userId,
      privateKey: keys.privateKey,
      language,
      createdAt: identity.clock(),
    },
  });
  await identity.commands.handle(exportStreamId(exportId), exportDecider, {
    kind: 'request',
    exportId,
    userId,
    publicKey: keys.publicKey,
    deadlineMinutes: identity.config.ACCOUNT_EXPORT_DEADLINE_MINUTES,
  });
  return { exportId };
}

/**
 * Deletes the keys and parts of the user's exports that can no longer be downloaded (expired,
 * or never complete a day past their deadline): without the key, their sealed parts are noise.
 */
async function shredStaleExports(identity: Identity, userId: string): Promise<void> {
  const now = identity.clock();
  const stale = await identity.db.accountExport.findMany({
    where: {
      userId,
      downloadedAt: null,
      OR: [
        { expiresAt: { lte: now } },
        { readyAt: null, deadline: { lte: new Date(now.getTime() - EXPORT_VALID_MS) } },
      ],
    },
    select: { id: true },
  });
  const ids = stale.map((e) => e.id);
  if (ids.length === 0) return;
  await identity.db.$transaction([
    identity.db.accountExportPart.deleteMany({ where: { exportId: { in: ids } } }),
    identity.db.accountExportSecret.deleteMany({ where: { exportId: { in: ids } } }),
  ]);
}
