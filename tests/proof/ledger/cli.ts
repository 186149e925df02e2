// `npm run ledger -- --sandbox <url> --database <url> [--gateway <url>] [--sandbox-key <key>]`:
// the ledger check after any run (a benchmark, `npm start` with the sandbox, a chaos run). Prints
// the counts and every discrepancy; exits 1 when anything was lost, duplicated, wrong or unbacked.
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dataDir } from '../../../scripts/local/paths.js';
import { sandboxKeyFile } from '../../../scripts/local/sandbox-key.js';
import { sessionSigner } from '../../../bench/src/commerce-stack.js';
import { balanced, formatReport } from './classify.js';
import { checkLedger } from './check.js';

const { values } = parseArgs({
  options: {
    sandbox: {
      type: 'string',
      default: process.env.LEDGER_SANDBOX_URL ?? 'http://127.0.0.1:12111',
    },
    database: {
      type: 'string',
      default: process.env.LEDGER_DATABASE_URL ?? process.env.DATABASE_URL,
    },
    'billing-database': { type: 'string' },
    'access-database': { type: 'string' },
    gateway: { type: 'string' },
    // The sandbox's secret key of that run; default the one `npm start` wrote.
    'sandbox-key': { type: 'string', default: process.env.LEDGER_SANDBOX_KEY },
  },
});

const keyFile = sandboxKeyFile(dataDir());
const sandboxSecretKey =
  values['sandbox-key'] ?? (existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : undefined);
if (!sandboxSecretKey) {
  console.error(`Give --sandbox-key (or LEDGER_SANDBOX_KEY); ${keyFile} does not exist.`);
  process.exit(2);
}

const billingDatabaseUrl = values['billing-database'] ?? values.database;
const accessDatabaseUrl = values['access-database'] ?? values.database;
if (!billingDatabaseUrl || !accessDatabaseUrl) {
  console.error('Give --database (or --billing-database and --access-database), or DATABASE_URL.');
  process.exit(2);
}
const sign = sessionSigner();
const report = await checkLedger({
  sandboxUrl: values.sandbox!,
  sandboxSecretKey,
  billingDatabaseUrl,
  accessDatabaseUrl,
  ...(values.gateway
    ? {
        gateway: {
          url: values.gateway,
          // Dashboards are read as their users, with the development session key.
          sessionFor: (userId) => sign({ userId, email: `${userId}@ledger.local`, name: 'Ledger' }),
        },
      }
    : {}),
});
console.log(formatReport(report));
process.exit(balanced(report) ? 0 : 1);
