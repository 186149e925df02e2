import { SupportExportPartReadyV1 } from '@mia/contracts';
import {
  eventsForExport,
  exportPartOnRequested,
  mailsSentTo,
  publishExportPart,
  type ExportContributor,
} from '@mia/service-kit';
import { chatStreamId } from '../chat/conversation-events.js';
import type { SupportTx } from '../db.js';

/**
 * Support's part of an account export: the person's tickets with every public reply (staff's
 * internal notes are the team's working notes, not the person's conversation, and stay out),
 * their chats with the assistant, and the mails support queued for them.
 */
export const supportExportContributor: ExportContributor<SupportTx> = {
  service: 'support',
  schemaVersion: 1,
  async build(ctx, userId) {
    const { tx, sql } = ctx;
    const customer = await tx.customer.findUnique({ where: { userId } });
    const tickets = await tx.ticket.findMany({
      where: { userId },
      orderBy: { createdAt: 'asc' },
      include: {
        messages: {
          where: { internal: false },
          orderBy: { createdAt: 'asc' },
          select: { id: true, author: true, body: true, createdAt: true },
        },
      },
    });
    const chat = await ctx.readStream(chatStreamId(userId));
    return {
      customer,
      tickets,
      chat: eventsForExport(chat),
      mailsSent: await mailsSentTo(sql, customer?.email),
    };
  },
};

/** The reaction: support's part, sealed and published as SupportExportPartReady. */
export const supportExportPartOnRequested = () =>
  exportPartOnRequested(supportExportContributor, publishExportPart(SupportExportPartReadyV1));
