import { deciderSpec } from '@mia/testing';
import { describe, it } from 'vitest';
import { directoryDecider, type DirectoryCommand } from './directory-decider.js';
import type { DirectoryEvent } from './directory-events.js';

const userId = '00000000-0000-4000-8000-0000000000aa';
const registration = (role: 'user' | 'admin' = 'user', sourceVersion = 1): DirectoryCommand => ({
  kind: 'record-registration',
  userId,
  email: ' Ana@Iglesia.org ',
  name: 'Ana',
  role,
  registeredAt: '2026-01-01T00:00:00.000Z',
  sourceVersion,
});
const recorded = (role: 'user' | 'admin' = 'user'): DirectoryEvent => ({
  type: 'CustomerRecorded',
  data: {
    userId,
    email: 'ana@iglesia.org',
    name: 'Ana',
    role,
    registeredAt: '2026-01-01T00:00:00.000Z',
  },
});
const roleRecorded = (role: 'user' | 'admin', sourceVersion: number): DirectoryEvent => ({
  type: 'CustomerRoleRecorded',
  data: { userId, role, sourceVersion },
});
const role = (r: 'user' | 'admin', sourceVersion: number): DirectoryCommand => ({
  kind: 'record-role',
  userId,
  role: r,
  sourceVersion,
});

describe('directory decider', () => {
  const spec = deciderSpec(directoryDecider);

  it('records a registration once, with the e-mail as identity compares it', () => {
    spec.given([]).when(registration()).then([recorded()]);
    spec.given([recorded()]).when(registration()).thenNothing();
  });

  it('takes a newer role change', () => {
    spec
      .given([recorded()])
      .when(role('admin', 5))
      .then([roleRecorded('admin', 5)]);
  });

  it('ignores a role change older than the one it knows (late delivery)', () => {
    spec
      .given([recorded(), roleRecorded('user', 9)])
      .when(role('admin', 5))
      .thenNothing();
  });

  it('a role change handled before its registration keeps its role', () => {
    spec
      .given([roleRecorded('admin', 5)])
      .when(registration('user', 1))
      .then([recorded('admin')]);
  });

  it('a registration newer than the known role takes its own role', () => {
    spec
      .given([roleRecorded('admin', 1)])
      .when(registration('user', 3))
      .then([recorded('user')]);
  });
});
