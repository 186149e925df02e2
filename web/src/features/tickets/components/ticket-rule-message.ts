import { translateRule, type Messages } from '@/i18n';

type RuleKey = keyof Messages['tickets']['validation'];

/**
 * The ticket schemas' rule texts exactly as the contracts (and spec section 5) word them. An
 * error is looked up here and shown in the visitor's language; other texts go through the shared
 * rule translation ('Required', 'Invalid input').
 */
export const ticketRuleTexts = {
  titleRequired: 'Title is required',
  titleMax: 'Title must be less than 200 characters',
  titleControl: 'Title must be a single line without control characters',
  descriptionMin: 'Description must be at least 10 characters',
  descriptionMax: 'Description must be at most 5000 characters',
  descriptionControl: 'Description must not contain control characters',
  categoryRequired: 'Category is required',
  messageRequired: 'Message is required',
  messageMax: 'Message must be at most 5000 characters',
  messageControl: 'Message must not contain control characters',
} as const satisfies Record<RuleKey, string>;

const keyByText = new Map<string, RuleKey>(
  Object.entries(ticketRuleTexts).map(([key, text]) => [text, key as RuleKey]),
);

export function ticketRuleMessage(message: string | undefined, t: Messages): string | undefined {
  const key = message ? keyByText.get(message) : undefined;
  return key ? t.tickets.validation[key] : translateRule(message, t);
}
