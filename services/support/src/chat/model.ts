import { chatCategorySchema, chatSeveritySchema } from '@mia/contracts';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import type { PromptMessage } from './prompt.js';
import type { ChatResult } from './triage.js';

/**
 * What the model must answer. Structured outputs are strict: every field required (no
 * `.optional()`), so the ticket offer is a plain boolean.
 */
export const modelAnswerSchema = z.object({
  response: z.string(),
  severity: chatSeveritySchema,
  category: chatCategorySchema,
  nextSteps: z.array(z.string()),
  offerTicket: z.boolean(),
});

/** What we accept on arrival, beyond the shape: a real answer of a sensible size. */
const acceptedAnswerSchema = modelAnswerSchema.extend({
  response: z.string().trim().min(1).max(4000),
  nextSteps: z.array(z.string().trim().min(1).max(500)).max(8),
});

export interface ChatModel {
  /** The model's answer, validated; throws on any failure (the caller falls back). */
  answer(messages: readonly PromptMessage[]): Promise<ChatResult>;
}

export interface ChatModelOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
  /** Most tokens one answer may use. */
  maxCompletionTokens: number;
}

export class ModelAnswerError extends Error {
  override readonly name = 'ModelAnswerError';
}

/** The OpenAI SDK (chat completions with a zod response format), one attempt, bounded time. */
export function createChatModel(options: ChatModelOptions): ChatModel {
  // No SDK retries: a slow or failing model is answered by the triage, not waited for twice.
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  const format = zodResponseFormat(modelAnswerSchema, 'support_answer');
  return {
    async answer(messages) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options.timeoutMs);
      try {
        const completion = await client.chat.completions.parse(
          {
            model: options.model,
            messages: messages.map((m) => ({ role: m.role, content: m.content })),
            response_format: format,
            temperature: 0.2,
            // A cap on what one message may cost; an answer cut short fails to parse and the
            // caller falls back to the triage.
            max_completion_tokens: options.maxCompletionTokens,
          },
          { signal: controller.signal },
        );
        const message = completion.choices[0]?.message;
        if (!message || message.refusal) {
          throw new ModelAnswerError(`model gave no answer${message?.refusal ? ' (refusal)' : ''}`);
        }
        const checked = acceptedAnswerSchema.safeParse(message.parsed);
        if (!checked.success) throw new ModelAnswerError('model answer failed the schema');
        return checked.data;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
