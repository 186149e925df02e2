import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { interactionPath } from './interaction-details';
import { redirectAnswerSchema, type RedirectAnswer } from './redirect-answer';

/** `POST /api/oauth/interaction/:uid/consent`: the signed-in user allows the tool (401 signed out). */
export const consentInteraction = (uid: string): Promise<RedirectAnswer> =>
  api.post(`${interactionPath(uid)}/consent`, {}, { schema: redirectAnswerSchema });

export const useConsentInteraction = () => useMutation({ mutationFn: consentInteraction });
