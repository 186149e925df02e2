import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from '../index.js';

/**
 * Every browser request body the contracts define, found by name (`...RequestSchema`,
 * `...FormSchema`), so a body added later is covered without touching this test.
 */
const requestSchemas = (Object.entries(contracts) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodType] =>
    /(Request|Form)Schema$/.test(entry[0]) &&
    typeof entry[1] === 'object' &&
    entry[1] !== null &&
    '_zod' in entry[1],
);

interface StringField {
  path: string[];
  /**
   * z.email(), z.uuid(), z.iso.datetime(), or text piped into such a check: refused by the
   * format, not by the control-character rule.
   */
  format: string | undefined;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  format?: string;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The string fields of a schema, through optional/default wrappers and pipes. */
function stringFields(schema: z.ZodType, path: string[] = []): StringField[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) =>
        stringFields(field, [...path, key]),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return stringFields(def.innerType!, path);
    case 'pipe':
      // A preprocess is a pipe from a transform: the schema after it is what reads the text.
      // Otherwise the text goes on to a format check (e-mail, catalogue id), which refuses it.
      return defOf(def.in!).type === 'transform'
        ? stringFields(def.out!, path)
        : stringFields(def.in!, path).map((field) => ({ ...field, format: 'pipe' }));
    case 'string':
      return [{ path, format: def.format }];
    default:
      return [];
  }
}

const withValue = (path: string[], value: string): Record<string, unknown> => {
  const body: Record<string, unknown> = {};
  let target = body;
  path.slice(0, -1).forEach((key) => {
    target = (target[key] = {}) as Record<string, unknown>;
  });
  target[path.at(-1)!] = value;
  return body;
};

const cases = requestSchemas.flatMap(([name, schema]) =>
  stringFields(schema).map((field) => {
    const label = field.path.join('.');
    return { schema, ...field, label, title: `${name}.${label}` };
  }),
);

describe('control characters in request bodies', () => {
  it('finds the text fields of every contract', () => {
    expect(cases.map((c) => c.title)).toEqual(
      expect.arrayContaining([
        'registerRequestSchema.name',
        'registerRequestSchema.username',
        'registerRequestSchema.password',
        'loginRequestSchema.password',
        'resetPasswordRequestSchema.token',
        'createTicketRequestSchema.title',
        'createTicketRequestSchema.description',
        'chatRequestSchema.message',
        'createSubscriptionRequestSchema.priceId',
        'gptVerifyRequestSchema.accessCode',
        'adminGrantRequestSchema.reason',
      ]),
    );
  });

  it.each(cases)('$title refuses NUL', ({ schema, path, format, label }) => {
    // Long enough for every minimum, short enough for every maximum: only the NUL is wrong.
    const result = schema.safeParse(withValue(path, 'Texto de prueba\u0000 válido'));
    const issues = (result.error?.issues ?? []).filter((i) => i.path.join('.') === label);
    expect(issues, `${label} accepted a NUL`).not.toEqual([]);
    if (!format) {
      expect(issues.map((i) => i.message).join(' | ')).toMatch(/control characters/);
    }
  });

  it.each([
    ['name', 'Name must be a single line without control characters'],
    ['username', 'Username must be a single line without control characters'],
  ])('registration names the field whose %s holds a control character', (field, message) => {
    const body = {
      name: 'Ana Pérez',
      username: 'ana_perez',
      email: 'ana@iglesia.example',
      password: 'Salmo 23: mi pastor',
      [field]: 'ana\u0000perez',
    };
    const issues = contracts.registerRequestSchema.safeParse(body).error?.issues ?? [];
    expect(issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      `${field}: ${message}`,
    ]);
  });
});
