import { AccessCodeRotatedV1 } from '@mia/contracts';
import {
  eventOf,
  isUniqueViolation,
  qualified,
  type Clock,
  type EventStore,
} from '@mia/service-kit';
import type pg from 'pg';
import type { AccessTx } from '../db.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { AccessCodeIssued, accessCodeStreamId } from './access-code-events.js';
import { generateAccessCode, normalizeAccessCode } from './access-code.js';
import type { CodeVault } from './code-vault.js';

export interface AccessCodeDeps {
  db: PrismaClient;
  events: EventStore<AccessTx>;
  vault: CodeVault;
  clock: Clock;
}

// Two users drawing the same code (one chance in 2^58 per pair) is answered by drawing again.
const MAX_DRAWS = 3;

/** The user's own code, issued on first use. */
export async function ownAccessCode(deps: AccessCodeDeps, userId: string): Promise<string> {
  const row = await deps.db.accessCode.findUnique({ where: { userId } });
  if (row) return deps.vault.open(row.codeCiphertext, userId);
  for (let draw = 1; draw <= MAX_DRAWS; draw++) {
    const code = generateAccessCode();
    const issued = await deps.events.transaction(async (session) => {
      const issuedAt = deps.clock();
      const { count } = await session.tx.accessCode.createMany({
        data: [
          {
            userId,
            codeHash: deps.vault.hash(code),
            codeCiphertext: deps.vault.seal(code, userId),
            issuedAt,
          },
        ],
        skipDuplicates: true,
      });
      if (count === 0) return false;
      await session.append(accessCodeStreamId(userId), 'any', [
        eventOf(AccessCodeIssued, { userId, issuedAt: issuedAt.toISOString() }),
      ]);
      return true;
    });
    if (issued) return code;
    // Skipped: another request issued this user's code first, or the code is someone else's.
    const existing = await deps.db.accessCode.findUnique({ where: { userId } });
    if (existing) return deps.vault.open(existing.codeCiphertext, userId);
  }
  throw new Error('Could not draw an unused access code');
}

/** Replaces the user's code; the old one finds no one from the moment this commits. */
export async function rotateAccessCode(deps: AccessCodeDeps, userId: string): Promise<string> {
  for (let draw = 1; ; draw++) {
    const code = generateAccessCode();
    try {
      await deps.events.transaction(async (session) => {
        const at = deps.clock();
        // An 'any' append first takes the stream's lock (ADR 0014): concurrent rotations queue here.
        await session.append(accessCodeStreamId(userId), 'any', [
          { type: AccessCodeRotatedV1.type, data: { userId, rotatedAt: at.toISOString() } },
        ]);
        const row = {
          codeHash: deps.vault.hash(code),
          codeCiphertext: deps.vault.seal(code, userId),
          issuedAt: at,
        };
        await session.tx.accessCode.upsert({
          where: { userId },
          create: { userId, ...row },
          update: row,
        });
      });
      return code;
    } catch (err) {
      if (!isUniqueViolation(err) || draw >= MAX_DRAWS) throw err;
    }
  }
}

/** The owner of a code's lookup hash (CodeVault.hash), or null. */
export type CodeOwnerLookup = (codeHash: string) => Promise<string | null>;

/**
 * The code lookup as one named prepared statement on plain pg: every GPT verification starts
 * with it, and the ORM's query building cost more than the indexed read itself (ADR 0011).
 */
export function codeOwnerLookup(pool: pg.Pool, schema: string): CodeOwnerLookup {
  const name = `access-code-owner-${schema}`;
  const text = `SELECT user_id::text AS user_id FROM ${qualified(schema, 'access_codes')}
    WHERE code_hash = $1`;
  return async (codeHash) => {
    const { rows } = await pool.query<{ user_id: string }>({ name, text, values: [codeHash] });
    return rows[0]?.user_id ?? null;
  };
}

/** The owner of a typed code, or null (malformed codes never reach the database). */
export async function findUserByAccessCode(
  deps: { vault: CodeVault; codeOwner: CodeOwnerLookup },
  input: string,
): Promise<string | null> {
  const code = normalizeAccessCode(input);
  if (code === null) return null;
  return deps.codeOwner(deps.vault.hash(code));
}
