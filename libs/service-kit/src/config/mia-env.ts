import { z } from 'zod';

/**
 * How a process was started, and so what it may accept. Production unless told otherwise: a
 * process that nobody configured (a `node dist/main.js`, a demo on 0.0.0.0) must not accept
 * the committed development keys or hand tokens back in answers.
 *
 * - `production` (also when MIA_ENV is unset): every development default and secret is refused.
 * - `test`: the development defaults load (committed keys, local URLs, the Stripe sandbox), but
 *   nothing that only helps a person at a keyboard (tokens stay in mail, no stand-in page
 *   unless the suite asks for it).
 * - `development`: `npm start`; everything that makes a local machine convenient.
 *
 * NODE_ENV no longer decides safety (vitest and bundlers set it for their own reasons), but a
 * NODE_ENV=production next to a MIA_ENV other than production is refused: it is a production
 * image (ours bake NODE_ENV=production) being talked out of its safety by one variable.
 */
export const MIA_ENVS = ['development', 'test', 'production'] as const;
export type MiaEnv = (typeof MIA_ENVS)[number];

export const miaEnvSchema = z.enum(MIA_ENVS).default('production');

type Env = Record<string, string | undefined>;

/** The environment's MIA_ENV; unset, empty or unreadable counts as production. */
export function miaEnvOf(env: Env): MiaEnv {
  const value = env.MIA_ENV?.trim();
  return (MIA_ENVS as readonly string[]).includes(value ?? '') ? (value as MiaEnv) : 'production';
}

export const isProductionEnv = (env: Env): boolean => miaEnvOf(env) === 'production';

/** The NODE_ENV/MIA_ENV contradiction described above, or null. */
export function nodeEnvConflict(env: Env): string | null {
  const mode = env.MIA_ENV?.trim();
  if (env.NODE_ENV?.trim() !== 'production' || !mode || mode === 'production') return null;
  return `is "${mode}" while NODE_ENV=production: a production build runs as production; unset NODE_ENV to run it as ${mode}`;
}
