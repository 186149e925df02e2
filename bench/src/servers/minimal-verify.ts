// The baseline for POST /api/gpt/v1/verify: the least event-sourced code that answers the same
// JSON. Express, the bearer key compared in constant time, the code found by its HMAC lookup
// hash, the user's grants read with one SELECT from access's grants table, and the use appended
// as one event with per-stream optimistic concurrency (the next version of the user's stream,
// unique (stream_id, version); a conflict is retried) into an events table of its own. No zod,
// no Prisma, no limits, no projection, no usage alert. Express, pool and shutdown from
// minimal-base.ts. DATABASE_URL (access's database), PORT, GPT_API_KEY and ACCESS_CODE_SECRET
// from the env.
import { createHash, createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';
import express from 'express';
import { findProduct } from '@mia/catalog';
// The wording of the answer is access's own, so both stacks answer the same JSON.
import { verdictMessage } from '../../../services/access/dist/verification/messages.js';
import { pool, serveMinimal } from './minimal-base.js';

const EVENTS_TABLE = `
  CREATE SCHEMA IF NOT EXISTS bench_minimal;
  CREATE TABLE IF NOT EXISTS bench_minimal.events (
    global_position bigserial PRIMARY KEY,
    stream_id text NOT NULL,
    version integer NOT NULL,
    id uuid NOT NULL UNIQUE,
    type text NOT NULL,
    data jsonb NOT NULL,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (stream_id, version)
  );`;

const secret =
  process.env.ACCESS_CODE_SECRET ?? 'development-only-access-code-secret-not-for-production';
const lookupKey = Buffer.from(hkdfSync('sha256', secret, 'mia-access-codes', 'lookup', 32));
const apiKey = createHash('sha256')
  .update(process.env.GPT_API_KEY ?? '')
  .digest();

const CODE = 'SELECT user_id FROM access.access_codes WHERE code_hash = $1';
const GRANTS = `SELECT scope, valid_from, valid_until, status FROM access.access_grants
                WHERE user_id = $1 AND (scope = $2 OR scope = 'all')`;
const APPEND = `INSERT INTO bench_minimal.events (stream_id, version, id, type, data)
                SELECT $1, coalesce(max(version), 0) + 1, $2, $3, $4
                FROM bench_minimal.events WHERE stream_id = $1`;

/** `MIA-XXXX-XXXX-XXXX` in any case, with or without dashes: its canonical body, as access reads it. */
const canonical = (input: string) => {
  const body = input.toUpperCase().replace(/[\s\-_.]/g, '');
  const bare = body.length === 15 && body.startsWith('MIA') ? body.slice(3) : body;
  return bare.length === 12
    ? ['MIA', bare.slice(0, 4), bare.slice(4, 8), bare.slice(8)].join('-')
    : null;
};

async function append(streamId: string, type: string, data: object): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query({
        name: 'append',
        text: APPEND,
        values: [streamId, randomUUID(), type, JSON.stringify(data)],
      });
      return;
    } catch (err) {
      // Another use of the same stream took the version: read the head again.
      if ((err as { code?: string }).code !== '23505' || attempt >= 5) throw err;
    }
  }
}

await pool.query(EVENTS_TABLE);

serveMinimal(18193, (app) => {
  app.post('/api/gpt/v1/verify', express.json(), async (req, res) => {
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    const digest = createHash('sha256')
      .update(presented ?? '')
      .digest();
    if (!presented || !timingSafeEqual(digest, apiKey)) {
      res.status(401).json({ message: 'Unauthorized' });
      return;
    }
    const { accessCode, productId } = (req.body ?? {}) as Record<string, unknown>;
    if (typeof accessCode !== 'string' || typeof productId !== 'string') {
      res.status(400).json({ message: 'Invalid body' });
      return;
    }
    const product = findProduct(productId);
    const answer = (reason: 'granted' | 'no_access' | 'invalid_code', until: string | null) =>
      res.json({
        allowed: reason === 'granted',
        reason,
        productName: product?.name ?? '',
        validUntil: reason === 'granted' ? until : null,
        message: verdictMessage(reason, product?.name ?? '', until, 'es'),
      });
    const code = canonical(accessCode);
    if (!product || !code) return answer('invalid_code', null);
    const hash = createHmac('sha256', lookupKey).update(code).digest('base64url');
    const owner = (await pool.query({ name: 'code', text: CODE, values: [hash] })).rows[0];
    if (!owner) return answer('invalid_code', null);
    const userId = owner.user_id as string;
    const grants = (
      await pool.query({ name: 'grants', text: GRANTS, values: [userId, product.id] })
    ).rows;
    const now = Date.now();
    const open = grants.filter(
      (g) =>
        g.status === 'active' &&
        (g.valid_from as Date).getTime() <= now &&
        (g.valid_until === null || now < (g.valid_until as Date).getTime()),
    );
    // Lifetime first, then the latest end.
    const end = (g: Record<string, unknown>) =>
      g.valid_until === null ? Infinity : (g.valid_until as Date).getTime();
    const best = open.sort((a, b) => end(b) - end(a))[0];
    const at = new Date(now).toISOString();
    const use = { userId, productId: product.id, via: 'gpt_action', at };
    await append(
      `usage-${userId}`,
      best ? 'GptOpened' : 'GptAccessDenied',
      best ? use : { ...use, reason: 'no_access' },
    );
    const until = best?.valid_until ? (best.valid_until as Date).toISOString() : null;
    return answer(best ? 'granted' : 'no_access', until);
  });
});
