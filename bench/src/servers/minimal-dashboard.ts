// The baseline for GET /api/dashboard: the least code that answers the same JSON from the same
// rows. Express, a jose verification of the session token on every request, and five plain pg
// prepared statements (name + text) on access's own tables, run at once on a pool of the same
// size as access's (minimal-base.ts). DATABASE_URL (access's database), PORT and
// ACCESS_CODE_SECRET from the env.
import { createDecipheriv, hkdfSync } from 'node:crypto';
import { products } from '@mia/catalog';
import { pool, serveMinimal, verifiedClaims } from './minimal-base.js';

// Access's development default; the benchmark starts access with it too.
const secret =
  process.env.ACCESS_CODE_SECRET ?? 'development-only-access-code-secret-not-for-production';
const codeKey = Buffer.from(hkdfSync('sha256', secret, 'mia-access-codes', 'encryption', 32));

const statements = {
  name: 'SELECT name FROM access.user_directory WHERE user_id = $1',
  grants: `SELECT scope, source_kind, valid_from, valid_until, status FROM access.access_grants
           WHERE user_id = $1 ORDER BY granted_at`,
  usage: `SELECT product_id, queries_used, last_accessed FROM access.usage_counts
          WHERE user_id = $1 ORDER BY last_accessed DESC`,
  payments: `SELECT payment_id, created_at, description, amount_cents, succeeded, failed,
             fully_refunded FROM access.payments
             WHERE user_id = $1 AND created_at IS NOT NULL ORDER BY created_at DESC`,
  code: 'SELECT code_ciphertext FROM access.access_codes WHERE user_id = $1',
};
type Row = Record<string, unknown>;
const run = async (name: keyof typeof statements, userId: string): Promise<Row[]> =>
  (await pool.query<Row>({ name, text: statements[name], values: [userId] })).rows;

/** AES-256-GCM bound to the owner, as access seals the code (iv 12 | body | tag 16). */
function openCode(sealed: string, userId: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', codeKey, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([
    decipher.update(raw.subarray(12, raw.length - 16)),
    decipher.final(),
  ]).toString();
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

async function dashboard(userId: string, sessionName: string) {
  const [names, grants, usage, payments, codes] = await Promise.all([
    run('name', userId),
    run('grants', userId),
    run('usage', userId),
    run('payments', userId),
    run('code', userId),
  ]);
  const now = Date.now();
  const open = grants.filter(
    (g) =>
      g.status === 'active' &&
      (g.valid_from as Date).getTime() <= now &&
      (g.valid_until === null || now < (g.valid_until as Date).getTime()),
  );
  const usageOf = new Map(usage.map((u) => [u.product_id as string, u]));
  const availableProducts = products.map((product) => {
    const covering = open.filter((g) => g.scope === product.id || g.scope === 'all');
    // Lifetime first, then the latest end (access's `usable`).
    const end = (g: Row) => (g.valid_until === null ? Infinity : +(g.valid_until as Date));
    const best = covering.sort((a, b) => end(b) - end(a) || 0)[0];
    return {
      id: product.id,
      name: product.name,
      description: product.description,
      price: product.priceCents / 100,
      purchased: best !== undefined,
      ...(best ? { access: { source: best.source_kind, until: iso(best.valid_until) } } : {}),
    };
  });
  const purchasedGpts = availableProducts
    .filter((p) => p.purchased)
    .map((p) => ({
      modelId: p.id,
      queriesUsed: Number(usageOf.get(p.id)?.queries_used ?? 0),
      lastAccessed: iso(usageOf.get(p.id)?.last_accessed),
    }))
    .sort((a, b) => (b.lastAccessed ?? '').localeCompare(a.lastAccessed ?? ''));
  const code = codes[0]?.code_ciphertext;
  return {
    user: { name: (names[0]?.name as string | undefined) ?? sessionName },
    availableProducts,
    purchasedGpts,
    payments: payments.flatMap((p) => {
      const status =
        p.fully_refunded && p.succeeded
          ? 'refunded'
          : p.succeeded
            ? 'succeeded'
            : p.failed
              ? 'failed'
              : null;
      if (status === null || p.amount_cents === null) return [];
      return [
        {
          id: p.payment_id,
          createdAt: iso(p.created_at),
          description: p.description ?? '',
          amount: (Number(p.amount_cents) / 100).toFixed(2),
          status,
        },
      ];
    }),
    ...(typeof code === 'string' ? { accessCode: openCode(code, userId) } : {}),
  };
}

serveMinimal(18191, (app) => {
  app.get('/api/dashboard', async (req, res) => {
    const claims = await verifiedClaims(req);
    if (!claims) {
      res.status(401).json({ message: 'No autenticado' });
      return;
    }
    res.json(await dashboard(String(claims.sub), String(claims.name ?? '')));
  });
});
