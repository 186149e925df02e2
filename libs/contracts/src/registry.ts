import type { EventDefinition } from './envelope.js';
import { eventKey } from './envelope.js';
import {
  PasswordChangedV1,
  SessionsRevokedV1,
  UserRegisteredV1,
  UserRoleChangedV1,
} from './identity/index.js';

/** Every integration event known to the system, for consumers that validate by key. */
export const integrationEvents: readonly EventDefinition[] = [
  UserRegisteredV1,
  PasswordChangedV1,
  SessionsRevokedV1,
  UserRoleChangedV1,
];

const byKey = new Map(integrationEvents.map((d) => [eventKey(d), d]));

export const findEventDefinition = (type: string, version: number): EventDefinition | undefined =>
  byKey.get(`${type}.v${version}`);
