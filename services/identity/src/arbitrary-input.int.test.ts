import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startIdentity,
  uniqueUser,
  type IdentityUnderTest,
  type TestClient,
} from './identity-harness.fixture.js';

// Whatever a browser or a script sends, identity answers 2xx/4xx: never a 5xx. Arbitrary
// unicode (NUL, other controls, lone surrogates, astral characters) in every field of every
// route. A fixed seed keeps a failure reproducible; the count keeps the file well under 30 s.
const RUNS = { seed: 20_261_124, numRuns: 60 } as const;

let identity: IdentityUnderTest;
beforeAll(async () => {
  // The per-address registration limit would answer 429 before the interesting code runs.
  identity = await startIdentity({ RATE_LIMIT_REGISTER_PER_IP: '100000' });
});
afterAll(() => identity?.stop());

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
const anyText = fc.string({ unit: anyCharacter, maxLength: 40 });
/** Valid-looking text with arbitrary characters inside, so checks past the first one run. */
const around = (valid: string) =>
  fc
    .tuple(fc.nat(valid.length), anyText)
    .map(([at, inner]) => `${valid.slice(0, at)}${inner}${valid.slice(at)}`);
/** A field: text of either kind, or a value of another type altogether. */
const field = (valid: string) =>
  fc.oneof(
    { weight: 3, arbitrary: around(valid) },
    { weight: 2, arbitrary: anyText },
    { weight: 1, arbitrary: fc.constant(valid) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
type Fields = Record<string, string>;

/**
 * A body for a route whose valid fields `valid` makes: mostly valid with one field spoiled (so
 * the spoiled value travels as far as it can), sometimes every field spoiled or missing,
 * sometimes any JSON value at all.
 */
const body = (valid: fc.Arbitrary<Fields>) =>
  valid.chain((fields) => {
    const keys = Object.keys(fields);
    const oneSpoiled =
      keys.length === 0
        ? fc.constant(fields)
        : fc
            .constantFrom(...keys)
            .chain((key) =>
              field(fields[key]!).map((value) => ({ ...fields, [key]: value }) as unknown),
            );
    const allSpoiled = fc.record(
      Object.fromEntries(keys.map((key) => [key, field(fields[key]!)])),
      { requiredKeys: [] },
    );
    return fc.oneof(
      { weight: 5, arbitrary: oneSpoiled },
      { weight: 2, arbitrary: allSpoiled as fc.Arbitrary<unknown> },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<unknown> },
    );
  });

/** A new account's fields: e-mail and username unique per run, so registering gets far. */
const newAccount = fc.uuid({ version: 4 }).map((id) => {
  const suffix = id.slice(0, 8);
  return {
    name: 'Ana Pérez',
    username: `ana_${suffix}`,
    email: `ana.${suffix}@iglesia.example`,
    password: 'Salmo 23: mi pastor',
  };
});

let address = 0;
/** A client of its own address, so the per-address limits answer 429 rarely. */
const freshClient = (): TestClient => {
  address++;
  return identity.client(`10.77.${(address >> 8) & 255}.${address & 255}`);
};

async function noServerError(client: TestClient, path: string, payload: unknown) {
  const res = await client.post(path, payload);
  expect(
    res.status,
    `${path} ${JSON.stringify(payload)} -> ${JSON.stringify(res.body)}`,
  ).toBeLessThan(500);
}

describe('identity under arbitrary input', () => {
  const user = uniqueUser();
  const password = 'Salmo 23: mi pastor';

  it('POST /api/register', async () => {
    await fc.assert(
      fc.asyncProperty(body(newAccount), (payload) =>
        noServerError(freshClient(), '/api/register', payload),
      ),
      RUNS,
    );
  });

  it('POST /api/login', async () => {
    await identity.client().post('/api/register', { ...user, password });
    await fc.assert(
      fc.asyncProperty(body(fc.constant({ username: user.email, password })), (payload) =>
        noServerError(freshClient(), '/api/login', payload),
      ),
      RUNS,
    );
  });

  it('POST /api/forgot-password', async () => {
    await fc.assert(
      fc.asyncProperty(body(fc.constant({ email: user.email })), (payload) =>
        noServerError(freshClient(), '/api/forgot-password', payload),
      ),
      RUNS,
    );
  });

  it('POST /api/reset-password', async () => {
    const token = 'A'.repeat(43);
    await fc.assert(
      fc.asyncProperty(
        body(fc.constant({ token, newPassword: password, confirmPassword: password })),
        (payload) => noServerError(freshClient(), '/api/reset-password', payload),
      ),
      RUNS,
    );
  });

  it('POST /api/change-password and /api/logout, signed in', async () => {
    const registered = uniqueUser();
    expect((await identity.client().post('/api/register', registered)).status).toBe(201);
    let current = registered.password;
    await fc.assert(
      fc.asyncProperty(
        body(
          fc.constant({
            currentPassword: current,
            newPassword: password,
            confirmPassword: password,
          }),
        ),
        body(fc.constant({})),
        async (change, logout) => {
          const client = freshClient();
          const login = await client.post('/api/login', {
            username: registered.email,
            password: current,
          });
          expect(login.status).toBe(200);
          const res = await client.post('/api/change-password', change);
          expect(res.status, JSON.stringify(change)).toBeLessThan(500);
          if (res.status === 200) current = (change as { newPassword: string }).newPassword;
          await noServerError(client, '/api/logout', logout);
        },
      ),
      // Each run signs in and may hash a new password: fewer runs keep the file short.
      { ...RUNS, numRuns: 20 },
    );
  });
});
