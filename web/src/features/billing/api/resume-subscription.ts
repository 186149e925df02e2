import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Undoes a cancellation before the period ends. */
export const resumeSubscription = () => api.post('/api/billing/subscription/resume', {});

export const useResumeSubscription = () => useMutation({ mutationFn: resumeSubscription });
