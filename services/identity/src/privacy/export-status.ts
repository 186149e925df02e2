import { exportServices, type ExportService } from '@mia/contracts';

/** How long a ready export may be downloaded. */
export const EXPORT_VALID_MS = 24 * 60 * 60_000;

export interface ExportRow {
  requestedAt: Date;
  deadline: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
  downloadedAt: Date | null;
}

export type ExportStatus = 'pending' | 'late' | 'ready' | 'downloaded' | 'expired';

export interface ExportProgress {
  status: ExportStatus;
  received: ExportService[];
  /** Services whose part did not arrive by the deadline: never a silent wait. */
  late: ExportService[];
}

/** Where an export stands, from its row, the parts received and the time. */
export function exportProgress(
  row: ExportRow,
  received: readonly string[],
  now: Date,
): ExportProgress {
  const got = exportServices.filter((s) => received.includes(s));
  const missing = exportServices.filter((s) => !received.includes(s));
  const late = now >= row.deadline ? missing : [];
  const status: ExportStatus = row.downloadedAt
    ? 'downloaded'
    : row.expiresAt && now >= row.expiresAt
      ? 'expired'
      : row.readyAt
        ? 'ready'
        : late.length > 0
          ? 'late'
          : 'pending';
  return { status, received: got, late };
}

/** Every service has answered. */
export const allPartsIn = (received: readonly string[]) =>
  exportServices.every((s) => received.includes(s));
