import { ConcurrencyError, conflict, isDomainError, tooManyRequests } from '@mia/service-kit';
import type { Language } from '../language.js';
import { retryOnConflict } from '../retry-on-conflict.js';
import type { Support } from '../support.js';
import { conversationDecider, type ChatCommand } from './conversation-decider.js';
import { chatStreamId } from './conversation-events.js';

const quotaMessage = (language: Language, perHour: number, retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return language === 'es'
    ? `Has alcanzado el límite de ${perHour} mensajes por hora del asistente. Inténtalo de nuevo en ${minutes} minuto${minutes === 1 ? '' : 's'}.`
    : `You have reached the assistant's limit of ${perHour} messages per hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

const BUSY_MESSAGE: Record<Language, string> = {
  es: 'Estás enviando mensajes demasiado rápido. Espera un momento y vuelve a enviar tu mensaje.',
  en: 'You are sending messages too quickly. Wait a moment and send your message again.',
};

/**
 * Decides on the user's chat stream. The user's own chat decisions queue on a lock held only
 * for this short transaction (no model call inside), so a burst of messages is counted one at a
 * time instead of failing on each other; a write from elsewhere (a ticket being opened from the
 * chat) is met by deciding again. Answers the kit's errors: 429 for the quota, 409 when the
 * stream stays too busy to decide.
 */
export async function decideChat(
  support: Pick<Support, 'events' | 'commands' | 'config'>,
  userId: string,
  command: ChatCommand,
  language: Language,
) {
  const streamId = chatStreamId(userId);
  try {
    return await retryOnConflict(
      () =>
        support.events.transaction(async (session) => {
          await session.sql.query(
            "SELECT pg_advisory_xact_lock(hashtext('support-chat'), hashtext($1))::text AS locked",
            [streamId],
          );
          return support.commands.handleIn(session, streamId, conversationDecider, command);
        }),
      { attempts: 8, jitterMs: 25 },
    );
  } catch (err) {
    if (err instanceof ConcurrencyError) throw conflict(BUSY_MESSAGE[language], 'chat_busy');
    if (isDomainError(err) && err.code === 'chat_quota') {
      const retry = (err.details as { retryAfterSeconds: number }).retryAfterSeconds;
      const perHour = support.config.CHAT_QUOTA_PER_HOUR;
      throw tooManyRequests(retry, quotaMessage(language, perHour, retry), 'chat_quota');
    }
    throw err;
  }
}
