import { eventSubject, integrationEvents, type EventDefinition } from '@mia/contracts';
import { z } from 'zod';
import type { Subscription } from './subscription.js';

/**
 * What each service does on the event bus, as its code says: the events it publishes (the
 * contracts registry, by producer) and its durable consumers with the events each one reads.
 * Subjects are relative to the environment's prefix (`events.billing.PaymentSucceeded.v1`).
 * Provisioning creates the streams and these durables; the NATS users' permissions are derived
 * from it (nats-permissions.ts). scripts/nats.ts generates deploy/nats/topology.json from the
 * services' definitions, and a test keeps that file equal to the code.
 */
export const natsTopologySchema = z.object({
  services: z.array(
    z.object({
      name: z.string().regex(/^[a-z][a-z0-9-]*$/),
      publishes: z.array(z.string().min(1)),
      durables: z.array(
        z.object({
          name: z.string().regex(/^[A-Za-z0-9_-]+$/),
          subjects: z.array(z.string().min(1)).min(1),
        }),
      ),
    }),
  ),
});
export type NatsTopology = z.infer<typeof natsTopologySchema>;
export type ServiceTopology = NatsTopology['services'][number];
export type DurableTopology = ServiceTopology['durables'][number];

/** The durable consumer's name on the broker: `<service>-<consumer>` (as startService names it). */
export const durableName = (service: string, consumer: string): string => `${service}-${consumer}`;

/** An event's subject without the prefix. */
export const relativeSubject = (def: Pick<EventDefinition, 'type' | 'version' | 'producer'>) =>
  eventSubject('', def);

/**
 * One service's part of the topology, from its name and its consumer definitions (name and
 * subscriptions, as ServiceDefinition.consumers returns them).
 */
export function serviceTopology(
  name: string,
  consumers: ReadonlyArray<{ name: string; subscriptions: readonly Pick<Subscription, 'event'>[] }>,
  definitions: readonly EventDefinition[] = integrationEvents,
): ServiceTopology {
  return {
    name,
    publishes: definitions.filter((d) => d.producer === name).map(relativeSubject),
    durables: consumers.map((c) => ({
      name: durableName(name, c.name),
      subjects: [...new Set(c.subscriptions.map((s) => relativeSubject(s.event)))],
    })),
  };
}

export const parseNatsTopology = (json: unknown): NatsTopology => natsTopologySchema.parse(json);
