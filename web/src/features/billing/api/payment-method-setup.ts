import { paymentMethodSetupResponseSchema, type PaymentMethodSetupResponse } from '@mia/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A SetupIntent to replace the saved card; the browser confirms it with the provider. */
export const createPaymentMethodSetup = (): Promise<PaymentMethodSetupResponse> =>
  api.post('/api/billing/payment-method', {}, { schema: paymentMethodSetupResponseSchema });

/** One SetupIntent per opening of the dialog (see checkout-intent.ts for why a query). */
export const paymentMethodSetupQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'payment-method-setup'],
    queryFn: createPaymentMethodSetup,
    staleTime: Infinity,
    gcTime: 0,
  });

export const usePaymentMethodSetup = () => useQuery(paymentMethodSetupQueryOptions());
