import { AssertionError } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findEventDefinition, integrationEvents, type EventDefinition } from '@mia/contracts';

// Consumer-driven contracts. Each consuming service declares, next to its consumers, what it
// reads of every event it consumes: services/<consumer>/src/integration/consumes/<Type>.v<N>.json
//
//   { "event": "PaymentSucceeded", "version": 1,
//     "reads": { "paymentId": "string", "purpose.kind": "string", "purpose.productId": "string?" },
//     "example": { ...the event's data as the consumer expects it... } }
//
// The producer's tests check what it emits against every declaration: deciderSpec and
// reactionSpec check each event their specs produce, and checkConsumerContracts(producer) checks
// that every declared event is still published and that its schema keeps what consumers read. A
// breaking change to an event fails in the producer's folder. Declarations are data, read from
// disk, so no service imports another.

/** `string`, `number`, `integer`, `boolean`, `object` or `array`; `|null`: may be null; `?`: may be absent. */
export type FieldType = string;

export interface ConsumerDeclaration {
  /** The consuming service (its folder under services/). */
  consumer: string;
  /** Repository-relative path of the declaration. */
  file: string;
  event: string;
  version: number;
  /** Dotted paths of the fields the consumer reads (`items[].id` for each item of a list). */
  reads: Record<string, FieldType>;
  example: Record<string, unknown>;
}

// src/ and dist/ sit at the same depth, so this is the repository either way.
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DECLARATIONS_DIR = join('src', 'integration', 'consumes');
const FIELD_TYPE = /^(string|number|integer|boolean|object|array)(\|null)?(\?)?$/;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseDeclaration(consumer: string, file: string, text: string): ConsumerDeclaration {
  const fail = (why: string): never => {
    throw new Error(`${file}: ${why}`);
  };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fail(`not JSON (${(error as Error).message})`);
  }
  if (!isRecord(json)) return fail('must be an object');
  const { event, version, reads, example } = json;
  if (typeof event !== 'string' || !/^[A-Z]\w+$/.test(event)) fail('"event" must be a type name');
  if (!Number.isInteger(version) || (version as number) < 1) fail('"version" must be 1 or more');
  if (!file.endsWith(`/${String(event)}.v${String(version)}.json`)) {
    fail(`must be named ${String(event)}.v${String(version)}.json`);
  }
  if (!isRecord(reads) || Object.keys(reads).length === 0) fail('"reads" must list fields');
  for (const [path, type] of Object.entries(reads as Record<string, unknown>)) {
    if (typeof type !== 'string' || !FIELD_TYPE.test(type)) {
      fail(`"reads"."${path}": "${String(type)}" is not a field type (${FIELD_TYPE.source})`);
    }
  }
  if (!isRecord(example)) fail('"example" must be the event data the consumer expects');
  return {
    consumer,
    file,
    event: event as string,
    version: version as number,
    reads: reads as Record<string, string>,
    example: example as Record<string, unknown>,
  };
}

const cache = new Map<string, readonly ConsumerDeclaration[]>();

/** Every consumer's declarations in the repository at `root` (read once per test file). */
export function consumerDeclarations(root = REPO_ROOT): readonly ConsumerDeclaration[] {
  const cached = cache.get(root);
  if (cached) return cached;
  const services = join(root, 'services');
  const found: ConsumerDeclaration[] = [];
  for (const consumer of existsSync(services) ? readdirSync(services).sort() : []) {
    const dir = join(services, consumer, DECLARATIONS_DIR);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith('.json')) continue;
      const path = join(dir, name);
      found.push(parseDeclaration(consumer, relative(root, path), readFileSync(path, 'utf8')));
    }
  }
  cache.set(root, found);
  return found;
}

/** Values at a dotted path (`a.b`, `items[].id`): several through lists, `undefined` if absent. */
function valuesAt(data: unknown, path: string): unknown[] {
  let values: unknown[] = [data];
  for (const segment of path.split('.')) {
    const each = segment.endsWith('[]');
    const key = each ? segment.slice(0, -2) : segment;
    values = values.flatMap((value) => {
      // Under a missing or null parent the field is absent (the parent is checked if declared).
      if (value === undefined || value === null) return [undefined];
      const child = isRecord(value) ? value[key] : undefined;
      if (!each) return [child];
      return Array.isArray(child) ? child : [child];
    });
  }
  return values;
}

/**
 * Whether a field sits under a parent the consumer declares may be null (`"team": "object|null"`)
 * and that is null here: its fields are read only when it is there. A parent declared non-null
 * (or not declared) still makes its fields missing.
 */
function underNullableNull(declaration: ConsumerDeclaration, data: unknown, path: string): boolean {
  const segments = path.split('.');
  for (let i = 1; i < segments.length; i++) {
    const parent = segments.slice(0, i).join('.');
    const declared = declaration.reads[parent];
    if (parent.includes('[]') || !declared || !FIELD_TYPE.exec(declared)?.[2]) continue;
    if (valuesAt(data, parent).every((value) => value === null)) return true;
  }
  return false;
}

function typeProblem(value: unknown, declared: FieldType): string | undefined {
  const [, base, nullable, optional] = FIELD_TYPE.exec(declared) ?? [];
  if (value === undefined) return optional ? undefined : 'is missing';
  if (value === null) return nullable ? undefined : 'is null';
  const ok =
    base === 'string'
      ? typeof value === 'string'
      : base === 'number'
        ? typeof value === 'number' && Number.isFinite(value)
        : base === 'integer'
          ? Number.isInteger(value)
          : base === 'boolean'
            ? typeof value === 'boolean'
            : base === 'object'
              ? isRecord(value)
              : Array.isArray(value);
  return ok ? undefined : `is ${JSON.stringify(value)}, not ${String(base)}`;
}

/** What in `data` the declared consumer could not read (empty: it can read it all). */
export function unreadableFields(declaration: ConsumerDeclaration, data: unknown): string[] {
  return Object.entries(declaration.reads).flatMap(([path, type]) =>
    (underNullableNull(declaration, data, path) ? [] : valuesAt(data, path)).flatMap((value) => {
      const problem = typeProblem(value, type);
      return problem ? [`${path} ${problem} (${declaration.consumer} reads it as ${type})`] : [];
    }),
  );
}

export interface EmittedEvent {
  type: string;
  /** Schema version the event is stored with (a decider's `versionOf`, default 1). */
  version?: number;
  data: unknown;
}

/**
 * Throws when an emitted integration event lacks what a consumer declares it reads. Events
 * that are not published (domain-only) are not checked.
 */
export function assertConsumersCanRead(events: readonly EmittedEvent[]): void {
  const problems: string[] = [];
  for (const event of events) {
    const version = event.version ?? 1;
    if (!findEventDefinition(event.type, version)) continue;
    for (const declaration of consumerDeclarations()) {
      if (declaration.event !== event.type || declaration.version !== version) continue;
      for (const problem of unreadableFields(declaration, event.data)) {
        problems.push(`${event.type} v${version}: ${problem}; see ${declaration.file}`);
      }
    }
  }
  if (problems.length > 0) {
    throw new AssertionError({
      message:
        'A consumer cannot read this event (publish a new version alongside the old one ' +
        `instead, see docs/deploy.md):\n  ${problems.join('\n  ')}`,
    });
  }
}

/** The producer of an event type (whichever version is still defined), if any. */
function producerOfType(type: string): EventDefinition['producer'] | undefined {
  return integrationEvents.find((d) => d.type === type)?.producer;
}

/**
 * For the producer's own test: every consumer's declaration of the producer's events names an
 * event it still publishes, whose schema accepts the consumer's example and keeps every field
 * the consumer reads. Returns the problems (empty: no consumer is broken).
 */
export function consumerContractProblems(
  producer: string,
  declarations: readonly ConsumerDeclaration[] = consumerDeclarations(),
): string[] {
  const problems: string[] = [];
  for (const declaration of declarations) {
    if (producerOfType(declaration.event) !== producer) continue;
    const where = `${declaration.consumer} (${declaration.file})`;
    const definition = findEventDefinition(declaration.event, declaration.version);
    if (!definition) {
      problems.push(
        `${where} reads ${declaration.event} v${declaration.version}, which ${producer} no longer ` +
          'publishes: keep publishing it until no consumer declares it',
      );
      continue;
    }
    const parsed = definition.schema.safeParse(declaration.example);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      problems.push(`${where}: its example no longer fits the schema (${issues.join('; ')})`);
      continue;
    }
    // What the schema keeps of the example (unknown keys are dropped) is what consumers get.
    for (const problem of unreadableFields(declaration, parsed.data)) {
      problems.push(`${where}: ${declaration.event} v${declaration.version}: ${problem}`);
    }
  }
  return problems;
}

/**
 * For the consumer's own test: its declarations match what it subscribes to, one each, and
 * each example is readable as declared. Returns the problems (empty: all declared).
 */
export function consumerDeclarationProblems(
  consumer: string,
  subscribed: readonly Pick<EventDefinition, 'type' | 'version'>[],
  declarations: readonly ConsumerDeclaration[] = consumerDeclarations(),
): string[] {
  const own = declarations.filter((d) => d.consumer === consumer);
  const key = (e: { type?: string; event?: string; version: number }) =>
    `${e.type ?? e.event}.v${e.version}`;
  const declared = new Set(own.map(key));
  const wanted = new Set(subscribed.map(key));
  return [
    ...[...wanted]
      .filter((k) => !declared.has(k))
      .map(
        (k) => `${consumer} consumes ${k} without declaring it in ${DECLARATIONS_DIR}/${k}.json`,
      ),
    ...[...declared]
      .filter((k) => !wanted.has(k))
      .map((k) => `${consumer} declares ${k} but consumes it nowhere`),
    ...own.flatMap((d) => {
      if (!findEventDefinition(d.event, d.version)) return [`${d.file}: no such event`];
      return unreadableFields(d, d.example).map((p) => `${d.file}: its example: ${p}`);
    }),
  ];
}
