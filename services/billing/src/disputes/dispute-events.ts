import { defineDomainEvent, type EventOf } from '@mia/service-kit';
import { z } from 'zod';

// Billing's own record of dispute evidence (one stream per dispute) and of the uses access
// reports (one stream per customer), the proof of use the evidence is built from.

const instant = z.iso.datetime({ offset: true });

/** Staff started sending the evidence; until it ends (or fails) nobody sends it again. */
export const EvidenceSubmissionStarted = defineDomainEvent(
  'EvidenceSubmissionStarted',
  z.object({ disputeId: z.string().min(1), paymentId: z.uuid(), by: z.uuid(), at: instant }),
);

/** The provider accepted the evidence (submitted: final). */
export const EvidenceSubmitted = defineDomainEvent(
  'EvidenceSubmitted',
  z.object({
    disputeId: z.string().min(1),
    paymentId: z.uuid(),
    by: z.uuid(),
    at: instant,
    /** How many uses the activity log listed. */
    uses: z.number().int().nonnegative(),
  }),
);

/** The provider refused or could not be reached: it may be sent again. */
export const EvidenceSubmissionFailed = defineDomainEvent(
  'EvidenceSubmissionFailed',
  z.object({ disputeId: z.string().min(1), reason: z.string(), at: instant }),
);

export type DisputeEvidenceEvent =
  | EventOf<typeof EvidenceSubmissionStarted>
  | EventOf<typeof EvidenceSubmitted>
  | EventOf<typeof EvidenceSubmissionFailed>;

export const disputeEvidenceEventDefinitions = [
  EvidenceSubmissionStarted,
  EvidenceSubmitted,
  EvidenceSubmissionFailed,
] as const;

export const disputeEvidenceStreamId = (disputeId: string): string => `dispute-${disputeId}`;

/** A use of a tool as access reported it (GptOpened): the dashboard, a GPT Action or MCP. */
export const ToolUseNoted = defineDomainEvent(
  'ToolUseNoted',
  z.object({
    userId: z.uuid(),
    productId: z.string().min(1),
    via: z.enum(['dashboard', 'gpt_action', 'mcp']),
    at: instant,
  }),
);
export type ToolUseEvent = EventOf<typeof ToolUseNoted>;

/** One stream per customer, appended without a version check (each use stands alone). */
export const toolUseStreamId = (userId: string): string => `tool-use-${userId}`;
