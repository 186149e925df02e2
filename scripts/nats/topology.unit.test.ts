import { readFileSync } from 'node:fs';
import { integrationEvents } from '@mia/contracts';
import { relativeSubject, servicePermissions } from '@mia/service-kit';
import { consumerDeclarations } from '@mia/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHORIZATION_FILE,
  deployAuthorization,
  TOPOLOGY_FILE,
  topologyFromCode,
  topologyJson,
} from './topology.js';

// The NATS users' permissions are generated from the code; a new event, consumer or service
// without `npm run nats:config` (and its commit) fails here, before a deployment refuses it.
let topology: Awaited<ReturnType<typeof topologyFromCode>>;
beforeAll(async () => {
  topology = await topologyFromCode();
}, 30_000);

describe('deploy/nats', () => {
  it('topology.json and authorization.conf are what the code generates (npm run nats:config)', () => {
    expect(readFileSync(TOPOLOGY_FILE, 'utf8')).toBe(topologyJson(topology));
    expect(readFileSync(AUTHORIZATION_FILE, 'utf8')).toBe(deployAuthorization(topology));
  });

  it("lets each producer publish exactly its registry events, and nobody else's", () => {
    for (const event of integrationEvents) {
      const subject = `mia.${relativeSubject(event)}`;
      for (const service of topology.services) {
        const allowed = servicePermissions(service, topology, 'mia.').publish.allow;
        expect(allowed.includes(subject), `${service.name} publishing ${subject}`).toBe(
          service.name === event.producer,
        );
      }
    }
  });

  it('reads through its durables exactly the events its consumes/ declarations name', () => {
    for (const service of topology.services) {
      const read = new Set(service.durables.flatMap((d) => d.subjects));
      const declared = new Set(
        consumerDeclarations()
          .filter((d) => d.consumer === service.name)
          .map(
            (d) =>
              `events.${integrationEvents.find((e) => e.type === d.event)?.producer}.${d.event}.v${d.version}`,
          ),
      );
      expect([...read].sort(), service.name).toEqual([...declared].sort());
    }
  });

  it('gives no service a way to create or change a durable, or to create a consumer on anything but the revocation events', () => {
    for (const service of topology.services) {
      const allowed = servicePermissions(service, topology, 'mia.').publish.allow;
      const creates = allowed.filter((s) => s.startsWith('$JS.API.CONSUMER.CREATE.'));
      expect(creates).toEqual([
        '$JS.API.CONSUMER.CREATE.MIA_EVENTS.*.mia.events.identity.SessionsRevoked.v1',
        '$JS.API.CONSUMER.CREATE.MIA_EVENTS.*.mia.events.identity.OAuthGrantRevoked.v1',
      ]);
      expect(
        allowed.filter(
          (s) =>
            /DURABLE|DELETE|STREAM\.(CREATE|UPDATE)|>$/.test(s) &&
            !s.startsWith('mia.dlq.') &&
            !s.startsWith('$JS.ACK.'),
        ),
      ).toEqual([]);
    }
  });
});
