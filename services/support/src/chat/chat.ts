import type { ChatReply } from '@mia/contracts';
import { loadAccountFacts } from '../customers/account-facts.js';
import { summarizeAccount } from '../customers/account-summary.js';
import { describeAccount } from '../customers/describe-account.js';
import type { Language } from '../language.js';
import type { Support } from '../support.js';
import { answeredTurns, findConversation } from './conversation-decider.js';
import { decideChat } from './decide-chat.js';
import { detectLanguage } from './detect-language.js';
import { buildPrompt } from './prompt.js';
import { triage, type ChatResult } from './triage.js';

/** Turns of the conversation the model sees before the new question. */
const HISTORY_TURNS = 6;

export interface ChatInput {
  userId: string;
  message: string;
  conversationId?: string;
  /** The request's language (?lang=, Accept-Language); the message's own language wins. */
  requestLanguage: Language;
}

/**
 * One chat message. The question is recorded first, and that takes one message of the hourly
 * quota (refused: 429, and the model is never asked). Then the asking user's account summary,
 * help articles by search, and the model's structured answer, bounded in time and tokens, or
 * the built-in triage when there is no model or it fails, is slow or answers off-schema (never a
 * 5xx for that). The answer is recorded against its question.
 */
export async function answerChat(support: Support, input: ChatInput): Promise<ChatReply> {
  const { config, clock, knowledge, logger } = support;
  const language = detectLanguage(input.message) ?? input.requestLanguage;
  const conversationId = input.conversationId ?? support.newId();
  const questionId = support.newId();

  const asked = await decideChat(
    support,
    input.userId,
    {
      kind: 'ask',
      conversationId,
      questionId,
      isNew: !input.conversationId,
      userId: input.userId,
      question: input.message,
      language,
      quotaPerHour: config.CHAT_QUOTA_PER_HOUR,
    },
    input.requestLanguage,
  );
  const conversation = findConversation(asked.before, conversationId);

  const facts = await loadAccountFacts(support.db, input.userId);
  const account = summarizeAccount(facts, clock(), language);

  let result: ChatResult | undefined;
  let answeredBy: 'model' | 'triage' = 'triage';
  if (support.model) {
    const history = answeredTurns(conversation).slice(-HISTORY_TURNS);
    const searchText = [...history.map((t) => t.question), input.message].join(' ');
    try {
      result = await support.model.answer(
        buildPrompt({
          language,
          question: input.message,
          history,
          articles: knowledge.search(searchText, language, 3).map((hit) => hit.article),
          account: describeAccount(account, language),
          tools: facts.tools,
        }),
      );
      answeredBy = 'model';
    } catch (err) {
      logger.warn({ err, userId: input.userId }, 'chat model failed; the built-in triage answers');
    }
  }
  result ??= triage({ message: input.message, language, account, knowledge });

  const answer = {
    response: result.response,
    severity: result.severity,
    category: result.category,
    nextSteps: result.nextSteps,
  };
  const answered = await decideChat(
    support,
    input.userId,
    {
      kind: 'answer',
      conversationId,
      questionId,
      answer,
      offerTicket: result.offerTicket,
      answeredBy,
    },
    input.requestLanguage,
  );
  const ticket = findConversation(answered.state, conversationId)?.ticket;

  return {
    ...answer,
    conversationId,
    offerTicket: result.offerTicket && !ticket,
    ...(ticket ? { ticket: { id: ticket.id, ticketNumber: String(ticket.ticketNumber) } } : {}),
  };
}
