import { GptOpenedV1 } from '@mia/contracts';
import { on } from '@mia/service-kit';
import type { BillingTx } from '../db.js';
import { ToolUseNoted, toolUseStreamId } from './dispute-events.js';

/**
 * Every use access reports (the dashboard's Usar, a GPT Action or MCP code check) is kept in
 * billing's own store: the proof of use a dispute's evidence is built from.
 */
export const noteUseOnGptOpened = () =>
  on<typeof GptOpenedV1, BillingTx>(GptOpenedV1, async (data, _envelope, ctx) => {
    await ctx.append(toolUseStreamId(data.userId), 'any', [
      {
        type: ToolUseNoted.type,
        data: { userId: data.userId, productId: data.productId, via: data.via, at: data.at },
      },
    ]);
  });
