import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export type VerifyOutcome = 'granted' | 'denied';

/** Spec section 7: an ok answer means access is allowed; any other answer means denied. */
export async function verifyGptAccess(body: {
  email: string;
  productId: string;
}): Promise<VerifyOutcome> {
  try {
    await api.post('/api/verify-gpt-access', body);
    return 'granted';
  } catch (error) {
    if (error instanceof ApiError) return 'denied';
    throw error; // the network failed: a different message
  }
}

export const useVerifyGptAccess = () => useMutation({ mutationFn: verifyGptAccess });
