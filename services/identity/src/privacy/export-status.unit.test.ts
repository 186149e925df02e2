import { describe, expect, it } from 'vitest';
import { allPartsIn, exportProgress, type ExportRow } from './export-status.js';

const t = (minutes: number) => new Date(Date.UTC(2026, 10, 25, 10, minutes));
const row: ExportRow = {
  requestedAt: t(0),
  deadline: t(30),
  readyAt: null,
  expiresAt: null,
  downloadedAt: null,
};

describe('export progress', () => {
  it('is pending while parts may still come', () => {
    expect(exportProgress(row, ['identity', 'billing'], t(10))).toEqual({
      status: 'pending',
      received: ['identity', 'billing'],
      late: [],
    });
  });

  it('names the services that missed the deadline', () => {
    expect(exportProgress(row, ['identity', 'support'], t(30))).toEqual({
      status: 'late',
      received: ['identity', 'support'],
      late: ['billing', 'access'],
    });
  });

  it('is ready, then expired, then downloaded', () => {
    const ready = { ...row, readyAt: t(5), expiresAt: t(65) };
    const all = ['support', 'access', 'billing', 'identity'];
    expect(exportProgress(ready, all, t(6)).status).toBe('ready');
    expect(exportProgress(ready, all, t(65)).status).toBe('expired');
    expect(exportProgress({ ...ready, downloadedAt: t(7) }, all, t(8)).status).toBe('downloaded');
  });

  it('is complete only with all four parts', () => {
    expect(allPartsIn(['identity', 'billing', 'access'])).toBe(false);
    expect(allPartsIn(['identity', 'billing', 'access', 'support'])).toBe(true);
  });
});
