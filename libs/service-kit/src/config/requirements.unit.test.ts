import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigSchema, sessionSigningConfigShape } from './base.js';
import { devDefault, devSecret } from './dev-defaults.js';
import { productionRequirements } from './requirements.js';

describe('productionRequirements', () => {
  it('lists the base schema’s development-only settings as required', () => {
    const { required, secrets, optional } = productionRequirements(baseConfigSchema);
    expect(required).toEqual([
      'DATABASE_URL',
      'NATS_URL',
      'NATS_PASSWORD',
      'JWT_PUBLIC_KEY',
      'PUBLIC_ORIGIN',
    ]);
    expect(secrets).toEqual(['NATS_PASSWORD', 'JWT_PUBLIC_KEY']);
    expect(optional).toContain('PORT');
    expect(optional).toContain('DATABASE_SCHEMA');
    expect(optional).not.toContain('DATABASE_URL');
    expect([...required, ...optional].sort()).toEqual(Object.keys(baseConfigSchema.shape).sort());
  });

  it('adds a service’s own secrets, plain required variables and secret-named optional ones', () => {
    const schema = baseConfigSchema.extend({
      ...sessionSigningConfigShape,
      STRIPE_WEBHOOK_SECRET: z.string(),
      OPENAI_API_KEY: z.string().optional(),
      SMTP_HOST: devDefault(z.string(), 'localhost'),
      MAIL_FROM: z.string().default('no-reply@example.org'),
      RESET_TOKEN_TTL_MINUTES: z.coerce.number().default(60),
    });
    const { required, secrets, optional } = productionRequirements(schema);
    expect(required).toEqual(
      expect.arrayContaining(['JWT_PRIVATE_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_HOST']),
    );
    expect(secrets.sort()).toEqual([
      'JWT_PRIVATE_KEY',
      'JWT_PUBLIC_KEY',
      'NATS_PASSWORD',
      'OPENAI_API_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect(optional).toEqual(
      expect.arrayContaining(['OPENAI_API_KEY', 'MAIL_FROM', 'RESET_TOKEN_TTL_MINUTES']),
    );
  });

  it('finds a variable that a refinement requires in production only', () => {
    const schema = baseConfigSchema
      .extend({ SMTP_URL: z.string().optional() })
      .superRefine((config, ctx) => {
        if (config.MIA_ENV === 'production' && !config.SMTP_URL) {
          ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required' });
        }
      });
    expect(productionRequirements(schema).required).toContain('SMTP_URL');
    expect(productionRequirements(schema).optional).not.toContain('SMTP_URL');
  });

  it('cannot probe refinements when a required variable has no development value', () => {
    const schema = z
      .object({
        MIA_ENV: z.string().default('development'),
        TOKEN: devSecret(z.string(), undefined),
        SMTP_URL: z.string().optional(),
      })
      .refine((c) => c.MIA_ENV !== 'production' || c.SMTP_URL, { path: ['SMTP_URL'] });
    expect(productionRequirements(schema)).toEqual({
      required: ['TOKEN'],
      secrets: ['TOKEN'],
      optional: ['MIA_ENV', 'SMTP_URL'],
    });
  });
});
