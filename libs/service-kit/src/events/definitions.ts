import { eventKey, integrationEvents, type EventDefinition } from '@mia/contracts';

/** Looks up integration events by type and version; defaults to the contracts registry. */
export interface DefinitionLookup {
  find(type: string, version: number): EventDefinition | undefined;
}

export function definitionLookup(
  definitions: readonly EventDefinition[] = integrationEvents,
): DefinitionLookup {
  const byKey = new Map(definitions.map((d) => [eventKey(d), d]));
  return { find: (type, version) => byKey.get(eventKey({ type, version })) };
}
