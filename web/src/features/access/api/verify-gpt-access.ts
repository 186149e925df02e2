import type { VerifyGptAccessRequest } from '@mia/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { readVerifyFailure, type VerifyOutcome } from '@/features/access/verify-answer';

/** Spec section 7: ok means allowed; a network failure throws (its own message). */
export async function verifyGptAccess(body: VerifyGptAccessRequest): Promise<VerifyOutcome> {
  try {
    await api.post('/api/verify-gpt-access', body);
    return { kind: 'granted' };
  } catch (error) {
    if (error instanceof ApiError) return readVerifyFailure(error.status, error.body);
    throw error;
  }
}

export const useVerifyGptAccess = () => useMutation({ mutationFn: verifyGptAccess });
