import { tooManyRequests, type RateLimiter } from '@mia/service-kit';
import type { SupportConfig } from '../config.js';
import type { Language } from '../language.js';

const HOUR_MS = 60 * 60 * 1000;

const minutesText = (language: Language, seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return language === 'es'
    ? `${minutes} minuto${minutes === 1 ? '' : 's'}`
    : `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

const MESSAGES = {
  tickets: (language: Language, limit: number, retry: number) =>
    language === 'es'
      ? `Has abierto el máximo de ${limit} tickets por hora. Inténtalo de nuevo en ${minutesText(language, retry)}.`
      : `You have opened the maximum of ${limit} tickets per hour. Please try again in ${minutesText(language, retry)}.`,
  replies: (language: Language, limit: number, retry: number) =>
    language === 'es'
      ? `Has enviado el máximo de ${limit} respuestas por hora en este ticket. Inténtalo de nuevo en ${minutesText(language, retry)}.`
      : `You have sent the maximum of ${limit} replies per hour on this ticket. Please try again in ${minutesText(language, retry)}.`,
};

export interface TicketLimits {
  /** Counts a ticket the user is about to open (form, chat, follow-up); 429 past the limit. */
  countNewTicket(userId: string, language: Language): Promise<void>;
  /** Counts a customer reply on one ticket; 429 past the limit. */
  countReply(userId: string, ticketId: string, language: Language): Promise<void>;
}

/**
 * Tickets per user and replies per ticket, each an hour's fixed window in the kit's shared
 * counters (every replica counts together). The reply counter is keyed by the user too, so
 * nobody's requests spend another customer's budget.
 */
export function createTicketLimits(
  limiter: RateLimiter,
  config: Pick<SupportConfig, 'SUPPORT_TICKETS_PER_HOUR' | 'SUPPORT_REPLIES_PER_HOUR'>,
): TicketLimits {
  async function count(
    key: string,
    limit: number,
    message: (language: Language, limit: number, retry: number) => string,
    language: Language,
  ) {
    const result = await limiter.hit({ key, limit, windowMs: HOUR_MS });
    if (!result.allowed) {
      throw tooManyRequests(
        result.retryAfterSec,
        message(language, limit, result.retryAfterSec),
        'rate_limited',
      );
    }
  }
  return {
    countNewTicket: (userId, language) =>
      count(
        `support:tickets:user:${userId}`,
        config.SUPPORT_TICKETS_PER_HOUR,
        MESSAGES.tickets,
        language,
      ),
    countReply: (userId, ticketId, language) =>
      count(
        `support:replies:user:${userId}:ticket:${ticketId}`,
        config.SUPPORT_REPLIES_PER_HOUR,
        MESSAGES.replies,
        language,
      ),
  };
}
