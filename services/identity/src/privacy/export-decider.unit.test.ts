import { deciderSpec } from '@mia/testing';
import { describe, it } from 'vitest';
import { exportDecider, type RequestExport } from './export-decider.js';

const now = new Date('2026-11-25T10:00:00.000Z');
const request: RequestExport = {
  kind: 'request',
  exportId: '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  userId: '5a3c2b1d-4e6f-4a8b-9c0d-1e2f3a4b5c6d',
  publicKey: 'MCowBQYDK2VuAyEA3p7bfXt9wbTTW2HC7OQ1Nz+DQ8hbeGdNrfx+FG+IK08=',
  deadlineMinutes: 30,
};
const requested = {
  type: 'AccountExportRequested' as const,
  data: {
    exportId: request.exportId,
    userId: request.userId,
    publicKey: request.publicKey,
    deadline: '2026-11-25T10:30:00.000Z',
    requestedAt: '2026-11-25T10:00:00.000Z',
  },
};

describe('account export decider', () => {
  const spec = deciderSpec(exportDecider, { now });
  it('records the request with its deadline', () => {
    spec.given([]).when(request).then([requested]);
  });
  it('records a retried request once', () => {
    spec.given([requested]).when(request).thenNothing();
  });
});
