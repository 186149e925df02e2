import { useMutation } from '@tanstack/react-query';
import { disputeEvidenceResponseSchema, type DisputeEvidenceRequest } from '@mia/contracts';
import { api } from '@/lib/api-client';

/**
 * The evidence billing builds from the customer's timeline: `dryRun` shows it, without it the
 * evidence is sent to the provider (once: a second send is refused with 409).
 */
export const disputeEvidence = (disputeId: string, body: DisputeEvidenceRequest) =>
  api.post(`/api/admin/disputes/${encodeURIComponent(disputeId)}/evidence`, body, {
    schema: disputeEvidenceResponseSchema,
  });

export const useDisputeEvidence = () =>
  useMutation({
    mutationFn: ({ disputeId, ...body }: DisputeEvidenceRequest & { disputeId: string }) =>
      disputeEvidence(disputeId, body),
  });
