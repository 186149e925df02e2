import type { z } from 'zod';
import type { StoredEvent } from '../events/types.js';
import type { DomainEvent } from './decider.js';

/**
 * An event of a service's own store that never leaves the service (integration events are
 * defined in @mia/contracts). Both kinds have a type, a schema version and a zod schema, so a
 * decider reads either the same way.
 */
export interface DomainEventDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  readonly type: T;
  readonly version: number;
  readonly schema: S;
}

export const defineDomainEvent = <T extends string, S extends z.ZodType>(
  type: T,
  schema: S,
  version = 1,
): DomainEventDefinition<T, S> => ({ type, version, schema });

/** The decider event of a definition: `{type, data}` with data typed by the schema. */
export type EventOf<D extends Pick<DomainEventDefinition, 'type' | 'schema'>> = DomainEvent<
  D['type'],
  z.output<D['schema']>
>;

/** Builds an event of `definition`, its data checked against the schema. */
export const eventOf = <D extends DomainEventDefinition>(
  definition: D,
  data: z.input<D['schema']>,
): EventOf<D> => ({ type: definition.type, data: definition.schema.parse(data) }) as EventOf<D>;

/**
 * A `read` for deciders: parses stored events of the given definitions by type (the place
 * where an old version would be upcast) and skips the stream's other events.
 */
export function readerOf<E extends DomainEvent>(
  definitions: readonly Pick<DomainEventDefinition, 'type' | 'version' | 'schema'>[],
): (event: StoredEvent) => E | undefined {
  const byType = new Map(definitions.map((d) => [d.type, d]));
  return (event) => {
    const definition = byType.get(event.type);
    if (!definition) return undefined;
    if (event.version !== definition.version) {
      throw new Error(`${event.type} v${event.version} has no upcaster to v${definition.version}`);
    }
    return { type: event.type, data: definition.schema.parse(event.data) } as E;
  };
}
