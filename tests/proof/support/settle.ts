import { balanced, formatReport, type LedgerReport } from '../ledger/classify.js';
import type { ProofStack } from './proof-stack.js';
import { webhooksDelivered } from './shop.js';

/**
 * The ledger once the system has settled: webhooks delivered, then the check repeated until it
 * balances (events still on their way show as lost for a moment) or time runs out, when the last
 * report is returned for the test to show. Nothing is waited for a fixed time.
 */
export async function settledLedger(stack: ProofStack, timeoutMs = 20_000): Promise<LedgerReport> {
  const deadline = Date.now() + timeoutMs;
  await webhooksDelivered(stack, timeoutMs);
  for (;;) {
    const report = await stack.ledger();
    if (balanced(report) || Date.now() > deadline) return report;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** For expect(...): the counts that must be zero, and the report's text when they are not. */
export const ledgerSummary = (report: LedgerReport) => ({
  lost: report.counts.lost,
  duplicated: report.counts.duplicated,
  wrong: report.counts.wrong + report.counts.subscriptionsWrong,
  unbacked: report.counts.unbacked,
  text: report.discrepancies.length === 0 ? 'balanced' : formatReport(report),
});

export const BALANCED = { lost: 0, duplicated: 0, wrong: 0, unbacked: 0, text: 'balanced' };
