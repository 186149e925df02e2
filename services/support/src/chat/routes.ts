import { chatRequestSchema, confirmOpenTicketRequestSchema, type ChatReply } from '@mia/contracts';
import { notFound, routesOf } from '@mia/service-kit';
import { Router } from 'express';
import { requestLanguage } from '../language.js';
import type { Support } from '../support.js';
import { findOwnTicket } from '../tickets/ticket-queries.js';
import { answerChat } from './chat.js';
import { openChatTicket } from './open-chat-ticket.js';

/** The AI support chat: answers, and the ticket the user agreed to open from it. */
export function chatRoutes(support: Support): Router {
  const router = Router();
  const route = routesOf(router, support.auth);

  route({
    method: 'post',
    path: '/api/support/chat',
    auth: 'user',
    body: chatRequestSchema,
    handler: ({ user, body, req }): Promise<ChatReply> =>
      answerChat(support, {
        userId: user.id,
        message: body.message,
        conversationId: body.conversationId,
        requestLanguage: requestLanguage(req),
      }),
  });

  route({
    method: 'post',
    path: '/api/support/chat/ticket',
    auth: 'user',
    body: confirmOpenTicketRequestSchema,
    handler: async ({ user, body, req, res }) => {
      const { ticketId, created } = await openChatTicket(support, {
        userId: user.id,
        conversationId: body.conversationId,
        language: requestLanguage(req),
      });
      const ticket = await findOwnTicket(support.db, user.id, ticketId, requestLanguage(req));
      if (!ticket) throw notFound('Ticket not found', 'ticket_not_found');
      res.status(created ? 201 : 200).json(ticket);
      return undefined;
    },
  });

  return router;
}
