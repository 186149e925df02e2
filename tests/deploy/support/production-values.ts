import { generateKeyPairSync, randomBytes } from 'node:crypto';

const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });

// What an operator would put into .env or a Kubernetes Secret: real-looking, never development.
const SAMPLES: Record<string, string> = {
  MIA_ENV: 'production',
  JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }) as string,
  JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  DATABASE_URL: 'postgres://mia_service:s3cret@db.internal:5432/mia',
  SMTP_URL: 'smtps://mailer:s3cret@smtp.example.org:465',
  ADMIN_EMAILS: 'admin@example.org',
  PUBLIC_ORIGIN: 'https://app.example.org',
  // Production has no sandbox: the operator leaves it empty.
  GATEWAY_STRIPE_SANDBOX_URL: '',
  // Identity's default limit, unless raised for repeated acceptance runs.
  RATE_LIMIT_REGISTER_PER_IP: '',
  GPT_API_KEYS: `gpt-${randomBytes(16).toString('hex')}`,
  ACCESS_CODE_SECRET: randomBytes(32).toString('hex'),
  OAUTH_COOKIE_KEYS: randomBytes(32).toString('hex'),
  GPT_URLS: JSON.stringify({ 'manual-ceremonias': 'https://chatgpt.com/g/g-example-ceremonias' }),
  STRIPE_SECRET_KEY: `sk_live_${randomBytes(12).toString('hex')}`,
  STRIPE_PUBLISHABLE_KEY: `pk_live_${randomBytes(12).toString('hex')}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString('hex')}`,
  STRIPE_PRICE_MONTHLY: 'price_1MonthlyExample',
  STRIPE_PRICE_ANNUAL: 'price_1AnnualExample',
};

/**
 * A production value for a variable an operator must supply. Unknown ones get a random token:
 * enough for a plain secret, and a failing test names any variable that needs a real format
 * (add it to SAMPLES).
 */
export const productionValue = (name: string): string =>
  SAMPLES[name] ??
  (name.endsWith('_PASSWORD')
    ? randomBytes(12).toString('hex')
    : `sample-${randomBytes(6).toString('hex')}`);
