import type { Messages } from './es';

/**
 * The rule texts exactly as the spec (and the contracts' zod schemas) word them, in English. A form
 * error is looked up here to find its key, then shown in the visitor's language.
 */
export const ruleTexts = {
  invalidEmail: 'Please enter a valid email address',
  passwordMin: 'Password must be at least 6 characters',
  nameMin: 'Name must be at least 2 characters',
  usernameMin: 'Username must be at least 3 characters',
  nameMax: 'Name must be at most 100 characters',
  usernameMax: 'Username must be at most 50 characters',
  passwordMaxBytes: 'Password must be at most 72 bytes',
  passwordBlank: 'Password must not be only spaces',
  passwordsMismatch: "Passwords don't match",
  acceptTerms: 'You must accept the terms and conditions',
  tokenRequired: 'Reset token is required',
  passwordControl: 'Password must not contain control characters',
  nameControl: 'Name must be a single line without control characters',
  usernameControl: 'Username must be a single line without control characters',
  required: 'Required',
  invalid: 'Invalid input',
} as const satisfies Record<keyof Messages['validation'], string>;

// Pure: a page that translates no rule (the landing page) drops it.
const keyByText = /* @__PURE__ */ new Map<string, keyof Messages['validation']>(
  Object.entries(ruleTexts).map(([key, text]) => [text, key as keyof Messages['validation']]),
);

/** A schema's error message in the visitor's language; unknown texts are shown as they are. */
export function translateRule(message: string | undefined, t: Messages): string | undefined {
  if (!message) return message;
  const key = keyByText.get(message);
  return key ? t.validation[key] : message;
}
