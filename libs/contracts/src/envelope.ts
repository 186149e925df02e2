import { z } from 'zod';

/** Services that produce integration events; each event is owned by exactly one of them. */
export const producers = ['identity', 'billing', 'access', 'support'] as const;
export type Producer = (typeof producers)[number];

/**
 * The envelope every integration event travels in. `data` is validated separately
 * against the schema of the event's type and version, so the envelope never changes
 * when an event is added.
 */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  streamId: z.string().min(1),
  /**
   * The event's 1-based position in its stream (additive: absent in events published before
   * it existed). Streams also hold events that are never published, so numbers may skip; a
   * consumer compares them, it never expects the next one.
   */
  streamVersion: z.number().int().positive().optional(),
  correlationId: z.string().min(1),
  causationId: z.string().min(1).nullable(),
  data: z.unknown(),
});
export type EventEnvelope<TData = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & {
  data: TData;
};

export interface EventDefinition<
  TType extends string = string,
  TVersion extends number = number,
  TSchema extends z.ZodType = z.ZodType,
> {
  readonly type: TType;
  readonly version: TVersion;
  readonly producer: Producer;
  readonly schema: TSchema;
}

/** Declares an integration event. A changed meaning is a new version, never an edit. */
export function defineEvent<
  TType extends string,
  TVersion extends number,
  TSchema extends z.ZodType,
>(def: EventDefinition<TType, TVersion, TSchema>): EventDefinition<TType, TVersion, TSchema> {
  return def;
}

export type EventDataOf<D extends EventDefinition> = z.infer<D['schema']>;

/** Key used for routing and registries: `UserRegistered.v1`. */
export const eventKey = (def: Pick<EventDefinition, 'type' | 'version'>): string =>
  `${def.type}.v${def.version}`;

/**
 * NATS subject of an event: `<prefix>events.<producer>.<Type>.v<version>`. The prefix
 * isolates environments (and test runs) that share one NATS server.
 */
export const eventSubject = (
  prefix: string,
  def: Pick<EventDefinition, 'type' | 'version' | 'producer'>,
): string => `${prefix}events.${def.producer}.${def.type}.v${def.version}`;
