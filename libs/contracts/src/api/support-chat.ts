import { z } from 'zod';

export const CHAT_MESSAGE_MAX_LENGTH = 2000;

export const chatRequestSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(CHAT_MESSAGE_MAX_LENGTH, 'Message must be at most 2000 characters'),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

export const chatSeveritySchema = z.enum(['low', 'medium', 'high', 'critical']);
export const chatCategorySchema = z.enum(['access', 'payment', 'technical', 'account', 'general']);

export const chatReplySchema = z.object({
  response: z.string(),
  severity: chatSeveritySchema,
  category: chatCategorySchema,
  nextSteps: z.array(z.string()),
});
export type ChatReply = z.infer<typeof chatReplySchema>;
