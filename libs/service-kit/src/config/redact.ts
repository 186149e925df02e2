import { devDefaultOf } from './dev-defaults.js';
import type { z } from 'zod';

const SENSITIVE_NAME = /SECRET|PASSWORD|TOKEN|PRIVATE|API_KEY|_KEY$/i;

function withoutPassword(value: string): string {
  if (!URL.canParse(value)) return value;
  const url = new URL(value);
  if (!url.password) return value;
  url.password = 'redacted';
  return url.toString();
}

/**
 * The configuration as it may be logged at start: development secrets and anything named like
 * a secret are replaced, passwords inside URLs are masked.
 */
export function configForLog<S extends z.ZodObject>(
  schema: S,
  config: z.output<S>,
): Record<string, unknown> {
  const shape = schema.shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(config as Record<string, unknown>)) {
    const field = shape[name];
    if ((field && devDefaultOf(field)?.secret) || SENSITIVE_NAME.test(name)) {
      out[name] = value === undefined ? undefined : '[redacted]';
    } else {
      out[name] = typeof value === 'string' ? withoutPassword(value) : value;
    }
  }
  return out;
}

export const REDACTED = '[redacted]';

/** Names under which a value is a secret wherever it sits in a logged object. */
const SECRET_KEY =
  /pass(?:word|wd|phrase)|secret|token|authori[sz]ation|cookie|hash|api_?key|private_?key|access_?code|credential/i;

/** `"key":"value"` in a JSON log line (the value JSON-escaped). */
const JSON_STRING_PROPERTY = /"((?:[^"\\]|\\.)*)":"((?:[^"\\]|\\.)*)"/g;

/**
 * Secrets recognised by their form, wherever they appear (message, error stack, nested value).
 * Each replacement keeps what says where the secret was and drops the secret itself.
 */
const SECRET_FORMS: Array<[RegExp, string]> = [
  // bcrypt hashes ($2b$10$ + 53 characters).
  [/\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}/g, REDACTED],
  // JSON Web Tokens (session cookies, bearer tokens): header.payload.signature.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, REDACTED],
  // Query or fragment parameters that carry a secret: ?token=, #reset=, &code=, ?sig=, ...
  [
    /((?:^|[?&#;\s"'(])[\w.-]*(?:token|secret|pass(?:word)?|reset|verif\w*|code|key|sig\w*|auth\w*|session)[\w.-]*=)[^&#\s"'\\<>)]+/gi,
    `$1${REDACTED}`,
  ],
  // Authorization header values.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, `$1 ${REDACTED}`],
  // Cookie and Set-Cookie header text inside a message.
  [/\b((?:set-)?cookie:\s*)[^"\\\n]+/gi, `$1${REDACTED}`],
  // Hex digests of 256 bits and more (SHA-256 token hashes, HMACs).
  [/\b[a-fA-F0-9]{64,}\b/g, REDACTED],
];

/**
 * Long unbroken runs of mixed-case letters and digits are random tokens (base64url reset and
 * verification tokens, API keys); words and ids (lowercase UUIDs) never look like that.
 */
const RANDOM_RUN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g;
const looksRandom = (run: string) => /[A-Z]/.test(run) && /[a-z]/.test(run);

/**
 * A log line (or any text) with every secret it may carry replaced: values under secret-like
 * names at any depth, and tokens, links with tokens, bearer and cookie values, bcrypt hashes and
 * SHA-256 digests by their form. Generic on purpose: a new kind of token (e-mail verification,
 * invitations) is caught by its form or its name without a list to keep up.
 */
export function redactSecrets(text: string): string {
  let out = text.replace(JSON_STRING_PROPERTY, (whole, key: string) =>
    SECRET_KEY.test(key) ? `"${key}":"${REDACTED}"` : whole,
  );
  for (const [form, replacement] of SECRET_FORMS) out = out.replace(form, replacement);
  return out.replace(RANDOM_RUN, (run) => (looksRandom(run) ? REDACTED : run));
}
