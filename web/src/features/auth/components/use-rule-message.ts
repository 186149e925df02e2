import type { FieldError } from 'react-hook-form';
import { translateRule, useI18n } from '@/i18n';

/** Turns a form error raised by a contract schema into the visitor's language. */
export function useRuleMessage() {
  const { t } = useI18n();
  return (error: FieldError | undefined) => translateRule(error?.message, t);
}
