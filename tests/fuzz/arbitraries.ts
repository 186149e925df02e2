import fc from 'fast-check';

// The building blocks of the fuzzed requests: text that reaches past the first check, bodies
// that are mostly valid with one field spoiled, and the odd values a script (or an attacker)
// sends in query strings and headers.

const codeUnit = (min: number, max: number) =>
  fc.integer({ min, max }).map((code) => String.fromCharCode(code));

/**
 * One character: any code point, or (as often) one of the troublemakers a uniform pick would
 * almost never reach: C0 and C1 controls with NUL and DEL, and lone UTF-16 surrogate halves.
 */
const anyCharacter = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  codeUnit(0x00, 0x1f),
  codeUnit(0x7f, 0x9f),
  codeUnit(0xd800, 0xdfff),
);

export const anyText = (maxLength = 40) => fc.string({ unit: anyCharacter, maxLength });

/** Valid-looking text with arbitrary characters inside, so the checks past the first one run. */
const around = (valid: string) =>
  fc
    .tuple(fc.nat(valid.length), anyText())
    .map(([at, inner]) => `${valid.slice(0, at)}${inner}${valid.slice(at)}`);

/** Longer than any field allows (the contracts cap at 64..5000 characters), within body limits. */
const tooLong = fc
  .tuple(fc.constantFrom('a', 'ñ', '😀', ' ', '\n'), fc.integer({ min: 60, max: 12_000 }))
  .map(([c, n]) => c.repeat(n));

/** A field's value: text of either kind, or a value of another type altogether. */
export const field = (valid: unknown) =>
  fc.oneof(
    { weight: 3, arbitrary: typeof valid === 'string' ? around(valid) : anyText() },
    { weight: 2, arbitrary: anyText() },
    { weight: 1, arbitrary: fc.constant(valid) },
    { weight: 1, arbitrary: tooLong },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );

export type Fields = Record<string, unknown>;

/**
 * A body for a route whose valid fields are `valid`: as is, with one field spoiled (so the
 * spoiled value travels as far as it can), with every field spoiled or missing, with extra
 * fields (prototype keys among them), or any JSON value at all.
 */
export const jsonBody = (valid: Fields): fc.Arbitrary<unknown> => {
  const keys = Object.keys(valid);
  const spoil = (key: string) => field(valid[key]).map((value) => ({ ...valid, [key]: value }));
  const oneSpoiled = keys.length === 0 ? fc.constant(valid) : fc.constantFrom(...keys).chain(spoil);
  const allSpoiled = fc.record(Object.fromEntries(keys.map((key) => [key, field(valid[key])])), {
    requiredKeys: [],
  });
  const extra = fc
    .dictionary(
      fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'role', 'userId'),
        anyText(12),
      ),
      fc.jsonValue({ maxDepth: 2 }),
      { maxKeys: 3 },
    )
    .map((more) => ({ ...valid, ...more }));
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(valid) },
    { weight: 5, arbitrary: oneSpoiled },
    { weight: 2, arbitrary: allSpoiled },
    { weight: 1, arbitrary: extra },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
};

/** The bytes of a body: JSON of the value mostly, else broken, empty, huge or not JSON at all. */
export const bodyText = (value: fc.Arbitrary<unknown>): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    { weight: 8, arbitrary: value.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: value.map((v) => (JSON.stringify(v) ?? '').slice(0, -1)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: anyText(200) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        'null',
        '"text"',
        '[]',
        '{"a":',
        'a=1&b=2',
        '{"__proto__":{"admin":true}}',
        // Nested deeply enough to trouble a recursive reader.
        `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
        // Past the services' body limit: 413 expected.
        `{"message":"${'x'.repeat(300_000)}"}`,
      ),
    },
  );

/** The content type sent with a body. */
export const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/merge-patch+json',
      'application/octet-stream',
      '*/*',
      ';;;',
      'application/json; boundary',
    ),
  },
);

/** Characters an HTTP header value may hold (Node refuses CR, LF, NUL and >0xFF). */
const headerCharacter = fc.oneof(
  codeUnit(0x20, 0x7e),
  codeUnit(0x80, 0xff),
  fc.constantFrom('\t', ',', ';', '=', '"'),
);
export const headerText = (maxLength = 60) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: headerCharacter, maxLength }) },
    // Long values, within Node's 16 KB limit for all headers together.
    { weight: 1, arbitrary: fc.integer({ min: 500, max: 4_000 }).map((n) => 'A'.repeat(n)) },
  );

/** Percent-encoded; a lone surrogate cannot be encoded, so it becomes U+FFFD first. */
const encode = (s: string) =>
  encodeURIComponent(
    s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((p) => p.join('.'));
/** What a client may claim as its forwarded address: addresses, lists of them, or junk. */
export const forwardedFor = fc.oneof(
  ipv4,
  fc.array(ipv4, { minLength: 2, maxLength: 40 }).map((l) => l.join(', ')),
  fc.constantFrom('::1', 'unknown', '127.0.0.1, 10.0.0.1', '[::ffff:1.2.3.4]:80', ', ,'),
  headerText(),
);

/** A query string: none, the route's valid one, repeated or bracketed keys, broken escapes. */
export const queryString = (valid: Record<string, string> = {}) => {
  const pair = fc.tuple(
    fc.oneof(
      fc.constantFrom(...Object.keys(valid), 'email', 'a[b]', 'x[]', '__proto__'),
      anyText(10),
    ),
    fc.oneof(anyText(30), fc.constantFrom('', '%', '%zz', '%E0%A4%A', '%00', '%C0%AE', '1e308')),
  );
  const keepEscapes = (s: string) => (/^%/.test(s) ? s : encode(s));
  const validQuery = new URLSearchParams(valid).toString();
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(validQuery) },
    {
      weight: 3,
      arbitrary: fc
        .array(pair, { maxLength: 6 })
        .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${keepEscapes(v)}`).join('&')),
    },
    { weight: 1, arbitrary: fc.constantFrom('', '&&&', '=', 'a&a&a', 'email=a&email=b', '%') },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1_000, max: 6_000 }).map((n) => `q=${'x'.repeat(n)}`),
    },
  );
};

/** A path parameter: a known id, any id-shaped value, arbitrary text (encoded), or junk. */
export const pathParameter = (known: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 3,
      arbitrary: anyText(60).map(encode),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%00',
        '%2F',
        '..',
        '%2e%2e',
        'x'.repeat(3_000),
        '0',
        '-1',
      ),
    },
  );
