// `npm run generate`: Prisma Client for every service that has a prisma/schema.prisma.
import { REPO_ROOT } from './local/paths.js';
import { generatePrismaClients } from './local/prisma.js';
import { SERVICE_NAMES } from './local/services.js';

await generatePrismaClients(REPO_ROOT, SERVICE_NAMES, (line) => console.log(line));
