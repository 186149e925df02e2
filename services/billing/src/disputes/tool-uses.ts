import { readerOf, type Decider } from '@mia/service-kit';
import { ToolUseNoted, type ToolUseEvent } from './dispute-events.js';

export interface ToolUse {
  productId: string;
  via: 'dashboard' | 'gpt_action' | 'mcp';
  at: string;
}

/**
 * A customer's uses of the tools, folded from billing's own copy of access's GptOpened (never
 * asked of access on the request path). Read only, for the dispute evidence.
 */
export const toolUsesReader: Decider<never, ToolUse[], ToolUseEvent> = {
  name: 'billing-tool-uses',
  initialState: () => [],
  evolve: (uses, event) => [...uses, { ...event.data }],
  decide: () => [],
  read: readerOf<ToolUseEvent>([ToolUseNoted]),
};
