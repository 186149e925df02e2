import {
  secondFactorRequiredSchema,
  userSchema,
  type LoginRequest,
  type SecondFactorRequired,
  type User,
} from '@mia/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/session';

/**
 * The user, or (202, an account with two-step verification) `{secondFactor: 'totp'}`: no session
 * yet, the code step completes the sign-in.
 */
const loginAnswerSchema = z.union([secondFactorRequiredSchema, userSchema]);

export const needsSecondFactor = (
  answer: User | SecondFactorRequired,
): answer is SecondFactorRequired => 'secondFactor' in answer;

/** Signs in with the e-mail as username (spec section 3). */
export const login = (body: LoginRequest) =>
  api.post('/api/login', body, { schema: loginAnswerSchema });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (!needsSecondFactor(answer)) queryClient.setQueryData(userQueryKey, answer);
    },
  });
}
