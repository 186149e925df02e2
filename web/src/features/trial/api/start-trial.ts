import { trialStartResponseSchema, type TrialStartResponse } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Spec section 7: an empty JSON body; the answer says when the trial ends. */
export const startTrial = (): Promise<TrialStartResponse> =>
  api.post('/api/trial/start', {}, { schema: trialStartResponseSchema });

export const useStartTrial = () => useMutation({ mutationFn: startTrial });
