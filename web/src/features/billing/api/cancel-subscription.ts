import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Cancels at the end of the paid period; access lasts until then. */
export const cancelSubscription = () => api.post('/api/billing/subscription/cancel', {});

export const useCancelSubscription = () => useMutation({ mutationFn: cancelSubscription });
