import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { interactionPath } from './interaction-details';
import { redirectAnswerSchema, type RedirectAnswer } from './redirect-answer';

/** `POST /api/oauth/interaction/:uid/cancel`: the tool is told access_denied. */
export const cancelInteraction = (uid: string): Promise<RedirectAnswer> =>
  api.post(`${interactionPath(uid)}/cancel`, {}, { schema: redirectAnswerSchema });

export const useCancelInteraction = () => useMutation({ mutationFn: cancelInteraction });
