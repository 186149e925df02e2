import { DomainError, isDomainError } from '@mia/service-kit';
import type { Request } from 'express';
import {
  TRIAL_EMAIL_NOT_VERIFIED_MESSAGE,
  TRIAL_EMAIL_USED_MESSAGE,
  TRIAL_USED_MESSAGE,
} from './trial-decider.js';
import { trial } from '@mia/catalog';

export type TrialLanguage = 'es' | 'en';

/** The trial's refusals in English; the decider's own messages are the Spanish ones. */
const ENGLISH: Record<string, string> = {
  trial_already_used: `You have already used your ${trial.days}-day free trial. You can buy a tool or choose a plan.`,
  trial_email_used:
    'A free trial has already been used with this e-mail address. You can buy a tool or choose a plan.',
  email_not_verified:
    'Confirm your e-mail address to start the free trial. Open the link we sent you or ask for a new one.',
};

const SPANISH: Record<string, string> = {
  trial_already_used: TRIAL_USED_MESSAGE,
  trial_email_used: TRIAL_EMAIL_USED_MESSAGE,
  email_not_verified: TRIAL_EMAIL_NOT_VERIFIED_MESSAGE,
};

/** `?lang=en` (the web app sends its language) answers in English; anything else in Spanish. */
export const trialLanguage = (req: Pick<Request, 'query'>): TrialLanguage =>
  req.query?.lang === 'en' ? 'en' : 'es';

/** A trial refusal in the asker's language (same status and code); other errors unchanged. */
export function inLanguage(error: unknown, language: TrialLanguage): unknown {
  if (!isDomainError(error)) return error;
  const text = (language === 'en' ? ENGLISH : SPANISH)[error.code];
  return text ? new DomainError(error.kind, error.code, text, error.details) : error;
}
