import {
  claimGiftResponseSchema,
  createGiftResponseSchema,
  giftPreviewSchema,
  myGiftsResponseSchema,
  type CreateGiftRequest,
} from '@mia/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation, type MutationRetries } from '@/lib/invalidating-mutation';
import { retryWhileConfirmationTravels } from '@/lib/link-error';

// Issue 25's gift routes (libs/contracts/src/api/gifts.ts): billing answers POST /api/gifts,
// access the rest.

const gift = (giftId: string) => `/api/gifts/${encodeURIComponent(giftId)}`;

export const giftsQueryKey = ['gifts'] as const;

export const myGiftsQueryOptions = () =>
  queryOptions({
    queryKey: [...giftsQueryKey, 'sent'],
    queryFn: () => api.get('/api/gifts', { schema: myGiftsResponseSchema }),
  });
export const useMyGifts = () => useQuery(myGiftsQueryOptions());

/** POST /api/gifts: the payment to confirm; the recipient's mail goes out once it is paid. */
export const createGift = (request: CreateGiftRequest) =>
  api.post('/api/gifts', request, { schema: createGiftResponseSchema });
export const useCreateGift = () => useMutation({ mutationFn: createGift });

const useGiftMutation = <V, R>(run: (variables: V) => Promise<R>, retries?: MutationRetries) =>
  useInvalidatingMutation(giftsQueryKey, run, retries);

export const useResendGift = () =>
  useGiftMutation((giftId: string) => api.post(`${gift(giftId)}/resend`));

export const useChangeRecipient = () =>
  useGiftMutation(({ giftId, recipientEmail }: { giftId: string; recipientEmail: string }) =>
    api.patch(gift(giftId), { recipientEmail }),
  );

export const giftPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['gift-preview', token],
    queryFn: () => api.post('/api/gifts/preview', { token }, { schema: giftPreviewSchema }),
    retry: false,
    staleTime: Infinity,
  });
export const useGiftPreview = (token: string) =>
  useQuery({ ...giftPreviewQueryOptions(token), enabled: token !== '' });

export const useClaimGift = () =>
  useGiftMutation(
    (token: string) => api.post('/api/gifts/claim', { token }, { schema: claimGiftResponseSchema }),
    retryWhileConfirmationTravels,
  );
