import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DomainEvent } from '@mia/service-kit';
import { afterAll, describe, expect, it } from 'vitest';
import {
  consumerContractProblems,
  consumerDeclarationProblems,
  consumerDeclarations,
  DECLARATIONS_DIR,
  unreadableFields,
  type ConsumerDeclaration,
} from './consumer-contracts.js';
import { deciderSpec } from './decider-spec.js';

const declaration = (over: Partial<ConsumerDeclaration> = {}): ConsumerDeclaration => ({
  consumer: 'access',
  file: 'services/access/src/integration/consumes/PaymentSucceeded.v1.json',
  event: 'PaymentSucceeded',
  version: 1,
  reads: { paymentId: 'string' },
  example: {},
  ...over,
});

const paid = {
  paymentId: '00000000-0000-4000-8000-0000000000d1',
  userId: '00000000-0000-4000-8000-0000000000aa',
  purpose: { kind: 'product', productId: 'manual-ceremonias' },
  amountCents: 999,
  currency: 'usd',
  provider: 'sandbox',
  providerPaymentId: 'pi_1',
  description: 'Manual de Ceremonias Ministeriales',
  paidAt: '2026-03-01T10:00:00.000Z',
  cardLast4: null,
  cardBrand: null,
};

describe('unreadableFields', () => {
  const reads = {
    paymentId: 'string',
    'purpose.kind': 'string',
    'purpose.productId': 'string?',
    cardLast4: 'string|null',
    amountCents: 'integer',
    'lines[].sku': 'string',
  };
  const d = declaration({ reads });

  it('accepts what the consumer can read, optional and nullable fields included', () => {
    expect(
      unreadableFields(d, { ...paid, purpose: { kind: 'plan' }, lines: [{ sku: 'a' }] }),
    ).toEqual([]);
  });

  it('names each field that is missing, null or of another type', () => {
    expect(
      unreadableFields(d, {
        purpose: null,
        cardLast4: 4242,
        amountCents: 9.5,
        lines: [{ sku: 'a' }, {}],
      }),
    ).toEqual([
      'paymentId is missing (access reads it as string)',
      'purpose.kind is missing (access reads it as string)',
      'cardLast4 is 4242, not string (access reads it as string|null)',
      'amountCents is 9.5, not integer (access reads it as integer)',
      'lines[].sku is missing (access reads it as string)',
    ]);
  });

  it('reads the fields of a parent declared nullable only when it is there', () => {
    const team = declaration({
      reads: { team: 'object|null', 'team.name': 'string', 'team.seats': 'integer' },
    });
    expect(unreadableFields(team, { team: null })).toEqual([]);
    expect(unreadableFields(team, { team: { name: 'Iglesia' } })).toEqual([
      'team.seats is missing (access reads it as integer)',
    ]);
    expect(unreadableFields(team, {})).toEqual([
      'team is missing (access reads it as object|null)',
      'team.name is missing (access reads it as string)',
      'team.seats is missing (access reads it as integer)',
    ]);
  });
});

describe('consumerContractProblems (the producer side)', () => {
  const reads = { description: 'string', 'purpose.productId': 'string?' };

  it('passes while the producer publishes the version with every field consumers read', () => {
    expect(consumerContractProblems('billing', [declaration({ reads, example: paid })])).toEqual(
      [],
    );
  });

  it("fails when the schema drops a field a consumer reads (the example's field is stripped)", () => {
    const consumer = declaration({ reads: { ...reads, invoiceNumber: 'string' }, example: paid });
    expect(consumerContractProblems('billing', [consumer])).toEqual([
      `access (${consumer.file}): PaymentSucceeded v1: invoiceNumber is missing (access reads it as string)`,
    ]);
  });

  it('fails when the example no longer fits the schema (a type changed)', () => {
    const consumer = declaration({ reads, example: { ...paid, amountCents: '9.99' } });
    expect(consumerContractProblems('billing', [consumer])[0]).toMatch(
      /its example no longer fits the schema \(amountCents: /,
    );
  });

  it('fails when a version a consumer still reads is no longer published', () => {
    const consumer = declaration({ version: 7, example: paid });
    expect(consumerContractProblems('billing', [consumer])).toEqual([
      `access (${consumer.file}) reads PaymentSucceeded v7, which billing no longer publishes: ` +
        'keep publishing it until no consumer declares it',
    ]);
  });

  it("leaves other producers' events to them", () => {
    expect(consumerContractProblems('identity', [declaration({ version: 7 })])).toEqual([]);
  });
});

describe('consumerDeclarationProblems (the consumer side)', () => {
  const d = declaration({ reads: { paymentId: 'string' }, example: paid });

  it('wants one declaration per event version consumed, and an example it can read', () => {
    expect(
      consumerDeclarationProblems('access', [{ type: 'PaymentSucceeded', version: 1 }], [d]),
    ).toEqual([]);
    expect(
      consumerDeclarationProblems(
        'access',
        [{ type: 'PaymentFailed', version: 1 }],
        [declaration({ reads: { missing: 'string' }, example: paid })],
      ),
    ).toEqual([
      `access consumes PaymentFailed.v1 without declaring it in ${DECLARATIONS_DIR}/PaymentFailed.v1.json`,
      'access declares PaymentSucceeded.v1 but consumes it nowhere',
      `${d.file}: its example: missing is missing (access reads it as string)`,
    ]);
  });
});

describe('consumerDeclarations', () => {
  const root = mkdtempSync(join(tmpdir(), 'consumer-contracts-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (service: string, name: string, content: unknown) => {
    const dir = join(root, service, 'services', 'access', DECLARATIONS_DIR);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), JSON.stringify(content));
    return join(root, service);
  };

  it('reads each service’s declarations', () => {
    const at = write('ok', 'PaymentSucceeded.v1.json', {
      event: 'PaymentSucceeded',
      version: 1,
      reads: { paymentId: 'string' },
      example: paid,
    });
    expect(consumerDeclarations(at)).toEqual([
      declaration({ reads: { paymentId: 'string' }, example: paid }),
    ]);
  });

  it('refuses a declaration named after another event, or with an unknown field type', () => {
    const misnamed = write('misnamed', 'PaymentFailed.v1.json', {
      event: 'PaymentSucceeded',
      version: 1,
      reads: { paymentId: 'string' },
      example: paid,
    });
    expect(() => consumerDeclarations(misnamed)).toThrow(/must be named PaymentSucceeded.v1.json/);
    const badType = write('bad-type', 'PaymentSucceeded.v1.json', {
      event: 'PaymentSucceeded',
      version: 1,
      reads: { paymentId: 'uuid' },
      example: paid,
    });
    expect(() => consumerDeclarations(badType)).toThrow(/"uuid" is not a field type/);
  });
});

describe('deciderSpec checks what a producer emits against the consumers in this repository', () => {
  type Event = DomainEvent<'PaymentSucceeded', Record<string, unknown>>;
  // Billing appends PaymentSucceeded as v2 (with its discount); that is what consumers declare.
  const v2 = { ...paid, discountCents: 0, promotionCode: null };
  const decider = {
    versionOf: () => 2,
    name: 'payment',
    initialState: () => null,
    evolve: () => null,
    decide: (command: Record<string, unknown>): Event[] => [
      { type: 'PaymentSucceeded', data: command },
    ],
  };

  it('passes an event every consumer can read', () => {
    deciderSpec(decider)
      .given([])
      .when(v2)
      .then([{ type: 'PaymentSucceeded', data: v2 }]);
  });

  it('fails the producer’s spec on an event a consumer cannot read (here: no description)', () => {
    const { description: _dropped, ...withoutDescription } = v2;
    expect(() =>
      deciderSpec(decider)
        .given([])
        .when(withoutDescription)
        .then([{ type: 'PaymentSucceeded', data: withoutDescription }]),
    ).toThrow(/PaymentSucceeded v2: description is missing \(access reads it as string\)/);
  });

  it('leaves events of other versions (not published) alone', () => {
    const unpublished = { ...decider, versionOf: () => 99 };
    deciderSpec(unpublished)
      .given([])
      .when({})
      .then([{ type: 'PaymentSucceeded', data: {} }]);
  });
});
