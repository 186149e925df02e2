import { ApiError } from '@/lib/api-client';

/** The stable `code` of an API refusal (e.g. `plan_past_due`), to show our own words for it. */
export function errorCode(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (parsed && typeof parsed === 'object' && 'code' in parsed) {
      const { code } = parsed as { code: unknown };
      return typeof code === 'string' ? code : null;
    }
  } catch {
    // Not JSON: no code.
  }
  return null;
}
