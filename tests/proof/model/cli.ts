// `npm run chaos -- --model [--seed 1 --scenarios 2000 --batch 48 --rounds 8 --budget-min 0]`:
// the large model-based run. Needs the built dist (`npm run build`). Prints every divergence with
// its seed and steps, writes bench/results/model.md, exits 1 unless there were none.
import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { root } from '../../../bench/src/commerce-stack.js';
import { balanced, formatReport, type LedgerReport } from '../ledger/classify.js';
import { settledLedger } from '../support/settle.js';
import { describeModelRun, runModel, type ModelResult } from './model.js';
import { startModelStack } from './model-stack.js';
import { CLOCK_MOVES } from './scenarios.js';

export interface ModelCliOptions {
  seed: number;
  scenarios: number;
  batch: number;
  rounds: number;
  budgetMinutes: number;
  out: string;
}

export const modelCliDefaults = {
  scenarios: '2000',
  batch: '48',
  rounds: '8',
  'budget-min': '0',
  modelOut: `${root}bench/results/model.md`,
};

export async function modelCli(o: ModelCliOptions): Promise<boolean> {
  const log = (line: string) => console.error(`[model] ${line}`);
  const { stack, clock } = await startModelStack();
  let result: ModelResult;
  let ledger: LedgerReport;
  try {
    result = await runModel(
      stack,
      clock,
      {
        seed: o.seed,
        scenarios: o.scenarios,
        batch: o.batch,
        rounds: o.rounds,
        settleMs: 15_000,
        budgetMs: o.budgetMinutes * 60_000,
      },
      log,
    );
    // And the money of every scenario: the ledger over the whole run.
    ledger = await settledLedger(stack, 120_000);
  } finally {
    await stack.stop();
    await clock.dispose();
  }
  const summary = describeModelRun(result);
  console.log(summary);
  console.log(formatReport(ledger));
  const shown = result.divergences.slice(0, 20);
  await writeFile(
    o.out,
    `# Model-based run

\`npm run chaos -- --model --seed ${o.seed} --scenarios ${o.scenarios} --batch ${o.batch} --rounds ${o.rounds}` +
      `${o.budgetMinutes ? ` --budget-min ${o.budgetMinutes}` : ''}\`

Seeded random scenarios of one customer each (tests/proof/model): subscribe monthly or annual
(card 4242, or 0259 disputed / 1976 inquiry), update the card (4242 pays, 0341 makes every later
charge fail), change plan up and down, cancel at period end, resume, refunds of the newest plan
payment (cancel_now, keep, partial), the bank's verdicts (won, lost, prevented, warning_closed),
the free trial, tools bought and taken back by an admin, an admin's grant (for life or 3 days) and
revoke, and clock moves shared by
billing, access and the Stripe sandbox (MIA_TEST_CLOCK_FILE; moves of
${CLOCK_MOVES.map((m) => `${m.days} (${m.label})`).join(', ')} days), renewals paid or failed,
dunning retries and the 3-day grace included. Customers of a batch act in rounds; after every step
each answer and each customer's dashboard (which tools are usable) is compared with the reference
model (tests/proof/model/reference.ts). Taken on ${new Date().toISOString().slice(0, 10)} on the
shared ${cpus().length}-core development machine, with other work running on it.

\`\`\`
${summary}
\`\`\`

${
  result.scenarios < o.scenarios
    ? `Only ${result.scenarios} of the ${o.scenarios} scenarios asked for ran within the time budget.\n\n`
    : ''
}Ledger (tests/proof/ledger) over the whole run: ${balanced(ledger) ? 'balanced.' : 'NOT balanced.'}

\`\`\`
${formatReport(ledger).split('\n').slice(0, 40).join('\n')}
\`\`\`

Divergences: ${result.divergences.length === 0 ? 'none.' : `${result.divergences.length} (the first ${shown.length}):`}
${shown
  .map(
    (d) =>
      `\n- seed ${d.seed}, batch ${d.batch}, customer ${d.customer}: ${d.what}\n\n\`\`\`\n${d.steps.join('\n')}\n\`\`\``,
  )
  .join('\n')}
`,
  );
  return result.divergences.length === 0 && balanced(ledger);
}
