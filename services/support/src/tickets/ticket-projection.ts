import { TicketMessagePostedV1, TicketOpenedV1, TicketStatusChangedV1 } from '@mia/contracts';
import type { Projection } from '@mia/service-kit';
import type { SupportTx } from '../db.js';
import { ChatTranscriptAttached, TicketLanguageNoted } from './ticket-events.js';

/** The `tickets` and `ticket_messages` tables, from support's own ticket events. */
export const ticketProjection: Projection<SupportTx> = {
  name: 'tickets',
  handles: [
    TicketOpenedV1.type,
    TicketMessagePostedV1.type,
    TicketStatusChangedV1.type,
    TicketLanguageNoted.type,
    ChatTranscriptAttached.type,
  ],
  async apply(event, { tx }) {
    switch (event.type) {
      case TicketOpenedV1.type: {
        const data = TicketOpenedV1.schema.parse(event.data);
        const at = new Date(data.openedAt);
        await tx.ticket.create({
          data: {
            id: data.ticketId,
            ticketNumber: data.ticketNumber,
            userId: data.userId,
            title: data.title,
            description: data.description,
            categoryId: data.categoryId,
            priority: data.priority,
            status: 'open',
            source: data.source,
            linkedTicketId: data.linkedTicketId,
            language: 'es',
            createdAt: at,
            updatedAt: at,
          },
        });
        return;
      }
      case TicketMessagePostedV1.type: {
        const data = TicketMessagePostedV1.schema.parse(event.data);
        const at = new Date(data.postedAt);
        await tx.ticketMessage.create({
          data: {
            id: data.messageId,
            ticketId: data.ticketId,
            author: data.author,
            authorId: data.authorId,
            body: data.body,
            internal: data.internal,
            createdAt: at,
          },
        });
        await tx.ticket.update({
          where: { id: data.ticketId },
          data: data.internal ? { updatedAt: at } : { updatedAt: at, lastPublicMessageAt: at },
        });
        return;
      }
      case TicketStatusChangedV1.type: {
        const data = TicketStatusChangedV1.schema.parse(event.data);
        const at = new Date(data.changedAt);
        await tx.ticket.update({
          where: { id: data.ticketId },
          data: {
            status: data.to,
            updatedAt: at,
            ...(data.to === 'resolved' ? { resolvedAt: at } : {}),
          },
        });
        return;
      }
      case TicketLanguageNoted.type: {
        const data = TicketLanguageNoted.schema.parse(event.data);
        await tx.ticket.update({
          where: { id: data.ticketId },
          data: { language: data.language },
        });
        return;
      }
      case ChatTranscriptAttached.type: {
        const { ticketId, turns, omittedTurns } = ChatTranscriptAttached.schema.parse(event.data);
        await tx.ticket.update({
          where: { id: ticketId },
          data: { chatTranscript: { turns, omittedTurns } },
        });
        return;
      }
    }
  },
  async reset({ tx }) {
    await tx.ticketMessage.deleteMany();
    await tx.ticket.deleteMany();
  },
};
