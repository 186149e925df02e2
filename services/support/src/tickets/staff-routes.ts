import {
  staffTicketReplyRequestSchema,
  ticketPrioritySchema,
  ticketStatusChangeRequestSchema,
  ticketStatusSchema,
} from '@mia/contracts';
import { notFound, routesOf } from '@mia/service-kit';
import { Router } from 'express';
import { z } from 'zod';
import { requestLanguage, type Language } from '../language.js';
import type { Support } from '../support.js';
import { changeStatus, replyAsStaff } from './ticket-commands.js';
import { isUuid } from './ticket-queries.js';
import { listStaffTickets, staffTicketDetail } from './staff-queries.js';

// `?status=` from an empty select means "any".
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const listQuery = z.object({
  status: optional(ticketStatusSchema),
  priority: optional(ticketPrioritySchema),
  categoryId: optional(z.string().max(100)),
  q: optional(z.string().max(200)),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
const idParams = z.object({ id: z.string() });

/**
 * The staff console's API. Admins only, checked here by support itself whatever the gateway
 * did (403 for a signed-in customer, 401 without a session).
 */
export function staffRoutes(support: Support): Router {
  const router = Router();
  const route = routesOf(router, support.auth);
  const deps = { commands: support.commands, newId: support.newId, sql: support.events.sql };

  const detail = async (ticketId: string, language: Language) => {
    const found = await staffTicketDetail(support.db, ticketId, support.clock(), language);
    if (!found) throw notFound('Ticket not found', 'ticket_not_found');
    return found;
  };
  const existing = (ticketId: string) => {
    if (!isUuid(ticketId)) throw notFound('Ticket not found', 'ticket_not_found');
    return ticketId;
  };

  route({
    method: 'get',
    path: '/api/support/staff/tickets',
    auth: 'admin',
    query: listQuery,
    handler: ({ query }) => listStaffTickets(support.db, query),
  });

  route({
    method: 'get',
    path: '/api/support/staff/tickets/:id',
    auth: 'admin',
    params: idParams,
    handler: ({ params, req }) => detail(params.id, requestLanguage(req)),
  });

  route({
    method: 'post',
    path: '/api/support/staff/tickets/:id/messages',
    auth: 'admin',
    params: idParams,
    body: staffTicketReplyRequestSchema,
    handler: async ({ params, body, user, req }) => {
      await replyAsStaff(deps, {
        staffId: user.id,
        ticketId: existing(params.id),
        body: body.body,
        internal: body.internal,
      });
      return detail(params.id, requestLanguage(req));
    },
  });

  route({
    method: 'post',
    path: '/api/support/staff/tickets/:id/status',
    auth: 'admin',
    params: idParams,
    body: ticketStatusChangeRequestSchema,
    handler: async ({ params, body, user, req }) => {
      await changeStatus(deps, {
        staffId: user.id,
        ticketId: existing(params.id),
        status: body.status,
      });
      return detail(params.id, requestLanguage(req));
    },
  });

  return router;
}
