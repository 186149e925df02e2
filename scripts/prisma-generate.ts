// `npm run generate`: Prisma Client for every service that has a prisma/schema.prisma.
// `tsx scripts/prisma-generate.ts identity`: only that service's (its own `npm run build`).
import { REPO_ROOT } from './local/paths.js';
import { generatePrismaClients } from './local/prisma.js';
import { SERVICE_NAMES } from './local/services.js';

const only = process.argv.slice(2);
const unknown = only.filter((name) => !(SERVICE_NAMES as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`unknown service(s): ${unknown.join(', ')}`);

await generatePrismaClients(REPO_ROOT, only.length > 0 ? only : SERVICE_NAMES, (line) =>
  console.log(line),
);
