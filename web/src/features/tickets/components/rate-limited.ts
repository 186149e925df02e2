import { ApiError } from '@/lib/api-client';

/** Support refused for the hour's limit (429): its message says how long to wait. */
export const isRateLimited = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 429;
