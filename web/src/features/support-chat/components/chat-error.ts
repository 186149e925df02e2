import { ApiError } from '@/lib/api-client';

/**
 * Spec section 8: a failed chat shows the server's message, else a fixed text. The shared error
 * body carries it in `message`; a quota refusal (429) in front of the service may answer with
 * plain text, which is its message too.
 */
export function chatErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message } = parsed as { message: unknown };
      if (typeof message === 'string' && message.trim()) return message;
    }
  } catch {
    if (error.status === 429 && error.body.trim()) return error.body.trim();
  }
  return fallback;
}
