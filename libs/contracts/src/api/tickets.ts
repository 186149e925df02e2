import { z } from 'zod';

export const ticketStatuses = ['open', 'in_progress', 'on_hold', 'resolved', 'closed'] as const;
export const ticketPriorities = ['low', 'medium', 'high', 'critical'] as const;
export const ticketStatusSchema = z.enum(ticketStatuses);
export const ticketPrioritySchema = z.enum(ticketPriorities);

export const ticketSchema = z.object({
  id: z.string(),
  ticketNumber: z.string(),
  title: z.string(),
  description: z.string(),
  categoryId: z.string(),
  priority: ticketPrioritySchema,
  status: ticketStatusSchema,
  createdAt: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketCategorySchema = z.object({ id: z.string(), name: z.string() });
export type TicketCategory = z.infer<typeof ticketCategorySchema>;

export const createTicketRequestSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be less than 200 characters'),
  description: z
    .string()
    .trim()
    .min(10, 'Description must be at least 10 characters')
    .max(5000, 'Description must be at most 5000 characters'),
  categoryId: z.string({ error: 'Category is required' }).trim().min(1, 'Category is required'),
  priority: ticketPrioritySchema.default('medium'),
});
export type CreateTicketRequest = z.infer<typeof createTicketRequestSchema>;
