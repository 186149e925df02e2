import { createPrivateKey, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { composeEnv, generatedSecrets, writeComposeEnv } from './compose-env.js';

const TEMPLATE =
  '# comment\nLOG_LEVEL=info\nPOSTGRES_PASSWORD=\nJWT_PRIVATE_KEY=\nJWT_PUBLIC_KEY=\n';
const valueOf = (text: string, key: string) =>
  new RegExp(`^${key}=(.*)$`, 'm').exec(text)?.[1] ?? '';
const pem = (quoted: string) => quoted.slice(1, -1).replace(/\\n/g, '\n');

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

describe('npm run compose:env', () => {
  it('fills every secret of the template with fresh values and keeps the rest', () => {
    const first = composeEnv(TEMPLATE);
    const second = composeEnv(TEMPLATE);
    expect(valueOf(first, 'LOG_LEVEL')).toBe('info');
    expect(first).toContain('# comment');
    expect(valueOf(first, 'POSTGRES_PASSWORD')).toMatch(/^[0-9a-f]{48}$/);
    expect(valueOf(first, 'POSTGRES_PASSWORD')).not.toBe(valueOf(second, 'POSTGRES_PASSWORD'));
    expect(valueOf(first, 'JWT_PRIVATE_KEY')).not.toBe(valueOf(second, 'JWT_PRIVATE_KEY'));
  });

  it('makes a matching ES256 key pair, one line each', () => {
    const text = composeEnv(TEMPLATE);
    const privateKey = createPrivateKey(pem(valueOf(text, 'JWT_PRIVATE_KEY')));
    const publicKey = createPublicKey(pem(valueOf(text, 'JWT_PUBLIC_KEY')));
    expect(privateKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(createPublicKey(privateKey).export({ type: 'spki', format: 'pem' })).toBe(
      publicKey.export({ type: 'spki', format: 'pem' }),
    );
  });

  it('gives Stripe test-mode keys only, never live ones', () => {
    const secrets = generatedSecrets();
    expect(secrets.STRIPE_SECRET_KEY).toMatch(/^sk_test_/);
    expect(secrets.STRIPE_PUBLISHABLE_KEY).toMatch(/^pk_test_/);
    expect(secrets.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_/);
    // Compose's Stripe sandbox takes this key as its own: fresh each time, never a committed one.
    expect(secrets.STRIPE_SECRET_KEY).not.toBe('sk_test_sandbox');
    expect(secrets.STRIPE_SECRET_KEY?.length).toBeGreaterThanOrEqual('sk_test_'.length + 16);
    expect(generatedSecrets().STRIPE_SECRET_KEY).not.toBe(secrets.STRIPE_SECRET_KEY);
  });

  it('refuses to overwrite an existing .env unless forced', () => {
    dir = mkdtempSync(join(tmpdir(), 'mia-compose-env-'));
    const path = join(dir, '.env');
    writeFileSync(path, 'POSTGRES_PASSWORD=kept\n');
    const refused = writeComposeEnv(path, { template: TEMPLATE });
    expect(refused.written).toBe(false);
    expect(refused.message).toMatch(/--force/);
    expect(readFileSync(path, 'utf8')).toBe('POSTGRES_PASSWORD=kept\n');
    expect(writeComposeEnv(path, { template: TEMPLATE, force: true }).written).toBe(true);
    expect(valueOf(readFileSync(path, 'utf8'), 'POSTGRES_PASSWORD')).toMatch(/^[0-9a-f]{48}$/);
  });
});
