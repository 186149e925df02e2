import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';

// Zod schemas for values that arrive as environment strings.

export const portSchema = z.coerce.number().int().min(0).max(65535);

export const logLevelSchema = z.enum([
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
]);

/** true/false, 1/0, yes/no, on/off (any case). */
export const booleanEnvSchema = z.stringbool();

export const commaListSchema = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** A browser origin (scheme://host[:port]), normalised the way browsers send it. */
export const originSchema = z.string().transform((value, ctx) => {
  const url = URL.canParse(value) ? new URL(value) : null;
  const bare = url && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
  if (!url || !bare || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be an http(s) origin such as https://example.org',
    });
    return z.NEVER;
  }
  return url.origin;
});

export const originListSchema = commaListSchema.pipe(z.array(originSchema));

// proxy-addr's names for address ranges, as Express's `trust proxy` accepts them.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [ip = '', bits, ...rest] = entry.split('/');
  const family = isIP(ip);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (isIP(bits) === 4) return family === 4; // a netmask: 10.0.0.0/255.0.0.0
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Proxies whose X-Forwarded-For is believed: addresses, CIDR subnets, or `loopback`,
 * `linklocal`, `uniquelocal`, comma-separated (Express's `trust proxy` list). Anything else
 * that connects is taken at its socket address.
 */
export const trustedProxiesSchema = commaListSchema.pipe(
  z.array(z.string()).refine((entries) => entries.every(isProxyAddress), {
    message: 'must be IP addresses or CIDR subnets (or loopback, linklocal, uniquelocal)',
  }),
);

export const postgresUrlSchema = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value), {
    message: 'must be a postgres:// or postgresql:// URL',
  });

/** One or more comma-separated NATS server URLs. */
export const natsUrlSchema = z
  .string()
  .refine(
    (value) => value.split(',').every((url) => /^(nats|tls|wss?):\/\/\S+$/.test(url.trim())),
    {
      message: 'must be nats://host:port (several may be separated by commas)',
    },
  );

export const sqlIdentifierSchema = z
  .string()
  .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier');

// Environments often carry a PEM on one line with literal "\n" sequences.
const unescapePem = (value: string) => value.replace(/\\n/g, '\n').trim();

const isP256 = (key: KeyObject) =>
  key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1';

function pemKeySchema(kind: 'public' | 'private') {
  const message = `must be a PEM-encoded P-256 (ES256) ${kind} key`;
  return z.string().transform((value, ctx) => {
    try {
      const pem = unescapePem(value);
      const key = kind === 'public' ? createPublicKey(pem) : createPrivateKey(pem);
      if (!isP256(key)) throw new Error('not P-256');
      // One canonical text per key, so comparing with the development key compares the key.
      return kind === 'public'
        ? (key.export({ type: 'spki', format: 'pem' }) as string)
        : (key.export({ type: 'pkcs8', format: 'pem' }) as string);
    } catch {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  });
}

/** SPKI PEM of an ES256 public key (accepts any PEM form node can read), normalised. */
export const publicKeyPemSchema = pemKeySchema('public');

/** PKCS#8 PEM of an ES256 private key (accepts SEC1 too), normalised. */
export const privateKeyPemSchema = pemKeySchema('private');
