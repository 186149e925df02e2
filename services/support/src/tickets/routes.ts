import {
  createTicketRequestSchema,
  ticketReplyRequestSchema,
  type Ticket,
  type TicketCategory,
} from '@mia/contracts';
import { notFound, routesOf } from '@mia/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import { requestLanguage } from '../language.js';
import type { Support } from '../support.js';
import { categoriesIn } from './categories.js';
import { openTicket, replyAsCustomer } from './ticket-commands.js';
import { findOwnTicket, isUuid, listOwnTickets } from './ticket-queries.js';

const idParams = z.object({ id: z.string() });

/** The customer's side of the Support Center (spec section 7), own tickets only. */
export function ticketRoutes(support: Support): Router {
  const router = Router();
  const route = routesOf(router, support.auth);
  const deps = {
    commands: support.commands,
    newId: support.newId,
    sql: support.events.sql,
    limits: support.limits,
  };

  const ownTicket = async (
    userId: string,
    ticketId: string,
    req: Parameters<typeof requestLanguage>[0],
  ) => {
    const ticket = await findOwnTicket(support.db, userId, ticketId, requestLanguage(req));
    if (!ticket) throw notFound('Ticket not found', 'ticket_not_found');
    return ticket;
  };

  route({
    method: 'get',
    path: '/api/tickets/categories',
    auth: 'public',
    handler: ({ req }): TicketCategory[] => categoriesIn(requestLanguage(req)),
  });

  route({
    method: 'get',
    path: '/api/tickets',
    auth: 'user',
    handler: ({ user }) => listOwnTickets(support.db, user.id),
  });

  route({
    method: 'post',
    path: '/api/tickets',
    auth: 'user',
    status: 201,
    body: createTicketRequestSchema,
    handler: async ({ user, body, req }): Promise<Ticket> => {
      await support.limits.countNewTicket(user.id, requestLanguage(req));
      const ticketId = await openTicket(deps, {
        userId: user.id,
        ...body,
        language: requestLanguage(req),
      });
      return ownTicket(user.id, ticketId, req);
    },
  });

  route({
    method: 'get',
    path: '/api/tickets/:id',
    auth: 'user',
    params: idParams,
    handler: ({ user, params, req }) => ownTicket(user.id, params.id, req),
  });

  route({
    method: 'post',
    path: '/api/tickets/:id/messages',
    auth: 'user',
    params: idParams,
    body: ticketReplyRequestSchema,
    handler: async ({ user, params, body, req, res }) => {
      if (!isUuid(params.id)) throw notFound('Ticket not found', 'ticket_not_found');
      const { ticketId, followUp } = await replyAsCustomer(deps, {
        userId: user.id,
        ticketId: params.id,
        body: body.body,
        language: requestLanguage(req),
      });
      const ticket = await ownTicket(user.id, ticketId, req);
      if (!followUp) return ticket;
      // The ticket was closed (final): the reply opened a new ticket that links it, answered
      // as a creation, with the link so the page can say so.
      res.status(201).json({ ...ticket, linkedTicketId: params.id });
      return undefined;
    },
  });

  return router;
}
