import { deciderSpec } from '@mia/testing';
import { describe, it } from 'vitest';
import { incidentDecider, type IncidentCommand } from './incident-decider.js';
import type { IncidentEvent } from './incident-events.js';

const incidentId = '00000000-0000-4000-8000-0000000000aa';
const staffId = '00000000-0000-4000-8000-0000000000cc';
const NOW = '2026-03-10T12:00:00.000Z';
const spec = deciderSpec(incidentDecider, { now: NOW });

const post: IncidentCommand = {
  kind: 'post',
  incidentId,
  type: 'maintenance',
  title: 'Mantenimiento de pagos',
  body: 'Actualizamos el proveedor de pagos.',
  services: ['payments'],
  staffId,
};
const resolve: IncidentCommand = { kind: 'resolve', incidentId, staffId };

const posted: IncidentEvent = {
  type: 'IncidentPosted',
  data: {
    incidentId,
    type: 'maintenance',
    title: 'Mantenimiento de pagos',
    body: 'Actualizamos el proveedor de pagos.',
    services: ['payments'],
    postedBy: staffId,
    startedAt: '2026-03-10T09:00:00.000Z',
  },
};
const resolved: IncidentEvent = {
  type: 'IncidentResolved',
  data: { incidentId, resolvedBy: staffId, resolvedAt: '2026-03-10T11:00:00.000Z' },
};

describe('incident decider', () => {
  it('posts an incident that starts now', () => {
    spec
      .given([])
      .when(post)
      .then([{ ...posted, data: { ...posted.data, startedAt: NOW } }]);
  });

  it('posting the same incident again decides nothing (a retried request)', () => {
    spec.given([posted]).when(post).thenNothing();
  });

  it('resolves a posted incident now', () => {
    spec
      .given([posted])
      .when(resolve)
      .then([{ ...resolved, data: { ...resolved.data, resolvedAt: NOW } }]);
  });

  it('resolving twice decides nothing', () => {
    spec.given([posted, resolved]).when(resolve).thenNothing();
  });

  it('refuses to resolve an incident nobody posted', () => {
    spec.given([]).when(resolve).thenRefused({ kind: 'not_found', code: 'incident_not_found' });
  });
});
