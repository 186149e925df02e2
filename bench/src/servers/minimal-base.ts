// What every minimal-stack server of the benchmarks shares: Express, a jose verification of the
// session token on every request (no cache), a plain pg pool of the size our services use, and
// a SIGTERM that closes both. No framework of ours: no zod, no Prisma, no request log, no
// metrics. DATABASE_URL and PORT from the env.
import express, { type Express, type Request } from 'express';
import { importSPKI, jwtVerify, type JWTPayload } from 'jose';
import pg from 'pg';
import { devKeys } from '@mia/service-kit';

const keys = devKeys();
if (!keys) throw new Error('development keys not found');
const publicKey = await importSPKI(keys.publicKeyPem, 'ES256');

// Named, so the scale benchmark can tell the minimal stack's PostgreSQL backends from ours.
export const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  application_name: 'minimal-stack',
});

/** The bearer token's claims when identity signed it and it is current; else null. */
export async function verifiedClaims(req: Request): Promise<JWTPayload | null> {
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  try {
    const { payload } = await jwtVerify(token ?? '', publicKey, {
      issuer: 'mia-identity',
      audience: 'mia',
      algorithms: ['ES256'],
      typ: 'session+jwt',
    });
    return payload;
  } catch {
    return null;
  }
}

/** An Express app with /healthz, listening on PORT once `routes` are mounted. */
export function serveMinimal(defaultPort: number, routes: (app: Express) => void): void {
  const app = express();
  routes(app);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  const server = app.listen(Number(process.env.PORT ?? defaultPort), '127.0.0.1');
  process.on('SIGTERM', () => {
    server.close(() => void pool.end().then(() => process.exit(0)));
    server.closeAllConnections();
  });
}
