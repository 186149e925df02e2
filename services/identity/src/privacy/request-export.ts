import { generateSealingKeyPair } from '@mia/service-kit';
import type { Identity } from '../identity.js';
import { exportDecider, exportStreamId } from './export-decider.js';

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
