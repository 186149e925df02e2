import { TicketMessagePostedV1 } from '@mia/contracts';
import { enqueueMail, on } from '@mia/service-kit';
import type { SupportTx } from '../db.js';
import type { Support } from '../support.js';
import { staffReplyMail } from './staff-reply-mail.js';

const MAIL_WITHIN_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Mails the customer when staff answer on their ticket (never for internal notes), in the
 * language the customer last wrote in. Runs from support's own published event, so the reply
 * is committed first; the mail is queued in the inbox's transaction (one per message) and the
 * kit's worker sends it after commit, so a mail server that is down only delays the mail.
 */
export const mailCustomerOnStaffReply = (support: Support) =>
  on<typeof TicketMessagePostedV1, SupportTx>(
    TicketMessagePostedV1,
    async (data, _envelope, ctx) => {
      if (data.author !== 'staff' || data.internal) return;
      // A replay of old events (`reprocess ticket-mail`, a re-driven backlog) must not mail
      // customers about answers they read long ago.
      if (ctx.now.getTime() - Date.parse(data.postedAt) > MAIL_WITHIN_MS) return;
      const ticket = await ctx.tx.ticket.findUnique({ where: { id: data.ticketId } });
      if (!ticket) throw new Error(`ticket ${data.ticketId} not in the projection`);
      const customer = await ctx.tx.customer.findUnique({ where: { userId: ticket.userId } });
      // Identity's registration has not reached support yet: retry later rather than drop it.
      if (!customer) throw new Error(`no e-mail known yet for customer ${ticket.userId}`);
      const mail = staffReplyMail({
        to: customer.email,
        name: customer.name,
        language: ticket.language === 'en' ? 'en' : 'es',
        ticketNumber: ticket.ticketNumber,
        title: ticket.title,
        body: data.body,
        ticketsUrl: `${support.config.PUBLIC_ORIGIN}/support/tickets`,
      });
      await enqueueMail(ctx.sql, support.events.schema, {
        key: `staff-reply:${data.messageId}`,
        mail: {
          ...mail,
          meta: {
            ticketId: ticket.id,
            ticketNumber: ticket.ticketNumber,
            messageId: data.messageId,
          },
        },
      });
    },
  );
