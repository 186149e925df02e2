import { ToolUseNoted } from '../disputes/dispute-events.js';

export interface ToolUseTally {
  /** UTC day of the use, `YYYY-MM-DD`. */
  day: string;
  productId: string;
  uses: number;
}

/** The uses among `events` (ToolUseNoted; other events are skipped) per UTC day and tool. */
export function tallyToolUses(events: readonly { type: string; data: unknown }[]): ToolUseTally[] {
  const tallies = new Map<string, ToolUseTally>();
  for (const event of events) {
    if (event.type !== ToolUseNoted.type) continue;
    const { productId, at } = ToolUseNoted.schema.parse(event.data);
    const day = new Date(at).toISOString().slice(0, 10);
    const key = `${day} ${productId}`;
    const tally = tallies.get(key);
    if (tally) tally.uses++;
    else tallies.set(key, { day, productId, uses: 1 });
  }
  return [...tallies.values()];
}
