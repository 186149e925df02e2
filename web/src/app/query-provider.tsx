import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';

// One cache for the whole app. It lives in this lazily loaded module, not in the app's provider,
// so TanStack Query (~10 KB) stays out of the landing page's first download: every part that asks
// the server (the lazy routes, the sign-in guard, the ribbon, the landing page's user) is wrapped
// in its own provider of this same client as it loads.
const queryClient = createQueryClient();

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
