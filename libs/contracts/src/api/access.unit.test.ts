import { describe, expect, it } from 'vitest';
import {
  accessCodeResponseSchema,
  adminGrantRequestSchema,
  adminRevokeRequestSchema,
  gptVerifyRequestSchema,
  gptVerifyResponseSchema,
  verifyGptAccessRequestSchema,
} from './access.js';
import { messages } from './messages.fixture.js';

describe('access page', () => {
  it('keeps the spec payload and takes an optional access code', () => {
    expect(
      verifyGptAccessRequestSchema.parse({ email: 'Ana@Iglesia.org', productId: 'apocalipsis' }),
    ).toEqual({ email: 'ana@iglesia.org', productId: 'apocalipsis' });
    expect(
      verifyGptAccessRequestSchema.parse({
        email: 'ana@iglesia.org',
        productId: 'apocalipsis',
        accessCode: ' MIA-7K2P-9QXD ',
      }).accessCode,
    ).toBe('MIA-7K2P-9QXD');
  });

  it('answers a missing product with the spec message', () => {
    expect(messages(verifyGptAccessRequestSchema, { email: 'ana@iglesia.org' })).toEqual([
      'productId: Por favor, ingresa tu email y selecciona un producto.',
    ]);
  });
});

describe('admin grant and revoke', () => {
  it('grants one product or all, for life or until a date, with a reason', () => {
    expect(
      adminGrantRequestSchema.parse({ email: 'ana@iglesia.org', productId: 'manual-ceremonias' }),
    ).toEqual({ email: 'ana@iglesia.org', productId: 'manual-ceremonias' });
    const full = {
      email: 'ana@iglesia.org',
      productId: 'all',
      until: '2026-12-31T23:59:59.000Z',
      reason: 'Retiro pastoral',
    };
    expect(adminGrantRequestSchema.parse(full)).toEqual(full);
  });

  it('refuses malformed products, dates and reasons', () => {
    const base = { email: 'ana@iglesia.org', productId: 'all' };
    expect(messages(adminGrantRequestSchema, { ...base, productId: '' })).toEqual([
      'productId: Product is required',
    ]);
    expect(messages(adminGrantRequestSchema, { ...base, productId: 'Todo' })).toEqual([
      'productId: Must be a catalogue product id',
    ]);
    expect(messages(adminGrantRequestSchema, { ...base, until: '31/12/2026' })).toHaveLength(1);
    expect(messages(adminGrantRequestSchema, { ...base, reason: 'a\nb' })).toHaveLength(1);
    expect(
      messages(adminRevokeRequestSchema, { email: 'nope', productId: 'manual-ceremonias' }),
    ).toEqual(['email: Please enter a valid email address']);
  });
});

describe('GPT verification API', () => {
  it('needs a code and a product', () => {
    expect(messages(gptVerifyRequestSchema, { accessCode: ' ', productId: '' })).toEqual([
      'accessCode: Access code is required',
      'productId: Product is required',
    ]);
  });

  it('answers allowed with a reason, the product and the end of access', () => {
    const answer = {
      allowed: true,
      reason: 'granted',
      productName: 'Generador de Sermones',
      validUntil: null,
      message: 'Acceso verificado.',
    };
    expect(gptVerifyResponseSchema.parse(answer)).toEqual(answer);
    expect(messages(gptVerifyResponseSchema, { ...answer, reason: 'maybe' })).toHaveLength(1);
    expect(accessCodeResponseSchema.parse({ accessCode: 'MIA-1' })).toEqual({
      accessCode: 'MIA-1',
    });
  });
});
