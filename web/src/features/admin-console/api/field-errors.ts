import { validationErrorSchema } from '@mia/contracts';
import { ApiError } from '@/lib/api-client';

/** Messages per field, keyed by the dotted path the API and zod both use ('name.es', 'features.en.2'). */
export type FieldErrors = Readonly<Record<string, string>>;

/**
 * The field messages of a 400 validation answer, so a form shows each next to its field; null when
 * the error is anything else (the form then shows it as a whole). The first message of a path wins,
 * as it is the one a person fixes first.
 */
export function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(error.body);
  } catch {
    return null;
  }
  const parsed = validationErrorSchema.safeParse(body);
  if (!parsed.success) return null;
  return issuesToFieldErrors(parsed.data.details);
}

export function issuesToFieldErrors(
  issues: readonly { path: string | readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}
