import type { NewEvent, StoredEvent } from '@mia/service-kit';
import type { z } from 'zod';

/**
 * An event of identity's own store: the integration events of @mia/contracts and the domain
 * events that never leave the service (they carry password hashes, token hashes, sessions).
 */
export interface IdentityEventDefinition<S extends z.ZodType = z.ZodType> {
  readonly type: string;
  readonly version: number;
  readonly schema: S;
}

export const defineDomainEvent = <S extends z.ZodType>(
  type: string,
  schema: S,
): IdentityEventDefinition<S> => ({ type, version: 1, schema });

/** A new event of `definition`, its data checked against the schema. */
export const newEvent = <S extends z.ZodType>(
  definition: IdentityEventDefinition<S>,
  data: z.input<S>,
): NewEvent => ({
  type: definition.type,
  version: definition.version,
  data: definition.schema.parse(data),
});

/** A stored event's data read through its schema (the place to upcast old versions). */
export const dataOf = <S extends z.ZodType>(
  definition: IdentityEventDefinition<S>,
  event: StoredEvent,
): z.output<S> => definition.schema.parse(event.data);

/** Every event about one user, sessions and reset tokens included, lives in its stream. */
export const userStreamId = (userId: string): string => `user-${userId}`;
