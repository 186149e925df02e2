import type { ChangePlanRequest } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Monthly <-> annual, with the provider's proration. */
export const changePlan = (body: ChangePlanRequest) =>
  api.post('/api/billing/subscription/change-plan', body);

export const useChangePlan = () => useMutation({ mutationFn: changePlan });
