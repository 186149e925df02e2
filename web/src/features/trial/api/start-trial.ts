import { trialStartResponseSchema, type TrialStartResponse } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { useI18n, type Locale } from '@/i18n';
import { api } from '@/lib/api-client';

/** Spec section 7: an empty JSON body; the answer says when the trial ends. Refusals in `locale`. */
export const startTrial = (locale: Locale): Promise<TrialStartResponse> =>
  api.post(`/api/trial/start?lang=${locale}`, {}, { schema: trialStartResponseSchema });

export function useStartTrial() {
  const { locale } = useI18n();
  return useMutation({ mutationFn: () => startTrial(locale) });
}
