import type { ChatReply } from '@mia/contracts';
import { isDomainError, tooManyRequests } from '@mia/service-kit';
import { loadAccountFacts } from '../customers/account-facts.js';
import { summarizeAccount } from '../customers/account-summary.js';
import { describeAccount } from '../customers/describe-account.js';
import type { Language } from '../language.js';
import type { Support } from '../support.js';
import { chatStreamId } from './conversation-events.js';
import {
  conversationDecider,
  conversationNotFound,
  findConversation,
  quotaAt,
} from './conversation-decider.js';
import { detectLanguage } from './detect-language.js';
import { buildPrompt } from './prompt.js';
import { triage, type ChatResult } from './triage.js';

/** Turns of the conversation the model sees before the new question. */
const HISTORY_TURNS = 6;

const quotaMessage = (language: Language, perHour: number, retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return language === 'es'
    ? `Has alcanzado el límite de ${perHour} mensajes por hora del asistente. Inténtalo de nuevo en ${minutes} minuto${minutes === 1 ? '' : 's'}.`
    : `You have reached the assistant's limit of ${perHour} messages per hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

export interface ChatInput {
  userId: string;
  message: string;
  conversationId?: string;
  /** The request's language (?lang=, Accept-Language); the message's own language wins. */
  requestLanguage: Language;
}

/**
 * One chat message: quota, the asking user's account summary, help articles by search, then the
 * model's structured answer, or the built-in triage when there is no model or it fails, is
 * slow or answers off-schema (never a 5xx for that). The exchange is recorded per user.
 */
export async function answerChat(support: Support, input: ChatInput): Promise<ChatReply> {
  const { config, commands, clock, knowledge, logger } = support;
  const streamId = chatStreamId(input.userId);
  const { state } = await commands.load(streamId, conversationDecider);
  const conversation = input.conversationId
    ? findConversation(state, input.conversationId)
    : undefined;
  if (input.conversationId && !conversation) throw conversationNotFound();

  const quotaLanguage = input.requestLanguage;
  const quota = quotaAt(state, clock(), config.CHAT_QUOTA_PER_HOUR);
  if (!quota.allowed) {
    throw tooManyRequests(
      quota.retryAfterSeconds,
      quotaMessage(quotaLanguage, config.CHAT_QUOTA_PER_HOUR, quota.retryAfterSeconds),
      'chat_quota',
    );
  }

  const language = detectLanguage(input.message) ?? input.requestLanguage;
  const facts = await loadAccountFacts(support.db, input.userId);
  const account = summarizeAccount(facts, clock(), language);

  let result: ChatResult | undefined;
  let answeredBy: 'model' | 'triage' = 'triage';
  if (support.model) {
    const history = (conversation?.turns ?? []).slice(-HISTORY_TURNS);
    const searchText = [...history.map((t) => t.question), input.message].join(' ');
    try {
      result = await support.model.answer(
        buildPrompt({
          language,
          question: input.message,
          history,
          articles: knowledge.search(searchText, language, 3).map((hit) => hit.article),
          account: describeAccount(account, language),
        }),
      );
      answeredBy = 'model';
    } catch (err) {
      logger.warn({ err, userId: input.userId }, 'chat model failed; the built-in triage answers');
    }
  }
  result ??= triage({ message: input.message, language, account, knowledge });

  const conversationId = conversation?.id ?? support.newId();
  try {
    await commands.handle(streamId, conversationDecider, {
      kind: 'exchange',
      conversationId,
      isNew: !conversation,
      userId: input.userId,
      question: input.message,
      answer: {
        response: result.response,
        severity: result.severity,
        category: result.category,
        nextSteps: result.nextSteps,
      },
      offerTicket: result.offerTicket,
      answeredBy,
      language,
      quotaPerHour: config.CHAT_QUOTA_PER_HOUR,
    });
  } catch (err) {
    // Messages sent at the same moment can pass the first check together; the decider counts
    // them one at a time.
    if (isDomainError(err) && err.code === 'chat_quota') {
      const retry = (err.details as { retryAfterSeconds: number }).retryAfterSeconds;
      throw tooManyRequests(
        retry,
        quotaMessage(quotaLanguage, config.CHAT_QUOTA_PER_HOUR, retry),
        'chat_quota',
      );
    }
    throw err;
  }

  return {
    response: result.response,
    severity: result.severity,
    category: result.category,
    nextSteps: result.nextSteps,
    conversationId,
    offerTicket: result.offerTicket && !conversation?.ticket,
    ...(conversation?.ticket
      ? {
          ticket: {
            id: conversation.ticket.id,
            ticketNumber: String(conversation.ticket.ticketNumber),
          },
        }
      : {}),
  };
}
