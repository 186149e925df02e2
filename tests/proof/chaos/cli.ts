// `npm run chaos [-- --seed 1 --purchases 1000 ...]`: the long chaos run (kept out of `npm test`;
// the suite runs a short one). Needs the built dist (`npm run build`). Prints the run and the
// ledger, writes bench/results/chaos.md, and exits 1 unless the ledger balances.
// `npm run chaos -- --model` runs the model-based test instead (tests/proof/model/cli.ts).
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { root } from '../../../bench/src/commerce-stack.js';
import { balanced, formatReport } from '../ledger/classify.js';
import { startProofStack } from '../support/proof-stack.js';
import { describeRun, runChaos, type ChaosResult, type ChaosTarget } from './chaos.js';
import { modelCli, modelCliDefaults } from '../model/cli.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    purchases: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '8' },
    pace: { type: 'string', default: '100' },
    'plan-share': { type: 'string', default: '0.25' },
    'refund-share': { type: 'string', default: '0.1' },
    renewals: { type: 'string', default: '3' },
    'fault-every': { type: 'string', default: '3000' },
    'max-down': { type: 'string', default: '3000' },
    targets: { type: 'string', default: 'billing,access,gateway,nats,postgres' },
    out: { type: 'string', default: `${root}bench/results/chaos.md` },
    model: { type: 'boolean', default: false },
    scenarios: { type: 'string', default: modelCliDefaults.scenarios },
    batch: { type: 'string', default: modelCliDefaults.batch },
    rounds: { type: 'string', default: modelCliDefaults.rounds },
    'budget-min': { type: 'string', default: modelCliDefaults['budget-min'] },
  },
});

if (values.model) {
  const ok = await modelCli({
    seed: Number(values.seed),
    scenarios: Number(values.scenarios),
    batch: Number(values.batch),
    rounds: Number(values.rounds),
    budgetMinutes: Number(values['budget-min']),
    out: process.argv.includes('--out') ? values.out! : modelCliDefaults.modelOut,
  });
  process.exit(ok ? 0 : 1);
}

const log = (line: string) => console.error(`[chaos] ${line}`);
const stack = await startProofStack({ privatePostgres: true });
let result: ChaosResult;
try {
  result = await runChaos(
    stack,
    {
      seed: Number(values.seed),
      purchases: Number(values.purchases),
      concurrency: Number(values.concurrency),
      paceMs: Number(values.pace),
      planShare: Number(values['plan-share']),
      refundShare: Number(values['refund-share']),
      renewals: Number(values.renewals),
      faultEveryMs: Number(values['fault-every']),
      maxDownMs: Number(values['max-down']),
      targets: values.targets!.split(',') as ChaosTarget[],
    },
    log,
  );
} finally {
  await stack.stop();
}

const summary = describeRun(result);
console.log(summary);
console.log(formatReport(result.report));
const o = result.options;
await writeFile(
  values.out!,
  `# Chaos run

\`npm run chaos -- --seed ${o.seed} --purchases ${o.purchases} --concurrency ${o.concurrency} --pace ${o.paceMs} ` +
    `--plan-share ${o.planShare} --refund-share ${o.refundShare} --renewals ${o.renewals} ` +
    `--fault-every ${o.faultEveryMs} --max-down ${o.maxDownMs} --targets ${o.targets.join(',')}\`

Purchases through the gateway (tools and plans, renewals by the Stripe sandbox's clock, refunds at
the provider) while a seeded schedule kills (SIGKILL) and restarts billing, access, the gateway,
nats-server and PostgreSQL (a private server); then the ledger check (tests/proof/ledger):
every payment the provider accepted against billing's payments, access's history and grants and
each customer's dashboard through the gateway. Taken on ${new Date().toISOString().slice(0, 10)}
on the shared 2-core development machine.

\`\`\`
${summary}
\`\`\`

| fault | at (s) | target | down (ms) |
| ---: | ---: | --- | ---: |
${result.faults.map((f, i) => `| ${i + 1} | ${(f.atMs / 1000).toFixed(1)} | ${f.target} | ${f.downMs} |`).join('\n')}

Ledger: ${balanced(result.report) ? 'balanced (0 lost, 0 duplicated, 0 wrong, 0 unbacked).' : 'NOT balanced:'}
${balanced(result.report) ? '' : `\n\`\`\`\n${formatReport(result.report)}\n\`\`\`\n`}`,
);
log(`written ${values.out}`);
process.exit(balanced(result.report) ? 0 : 1);
