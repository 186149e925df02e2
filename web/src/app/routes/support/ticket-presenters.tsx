import type { ChatTranscript as Transcript, TicketMessage } from '@mia/contracts';
import { useI18n } from '@/i18n';
import type { TicketPresenters } from '@/features/staff/components/ticket-presenters';
import { ChatTranscript } from '@/features/tickets/components/chat-transcript';
import {
  TicketPriorityBadge,
  TicketStatusBadge,
} from '@/features/tickets/components/ticket-badges';
import { TicketThread } from '@/features/tickets/components/ticket-thread';

function StaffThread({ messages }: { messages: TicketMessage[] }) {
  const { t } = useI18n();
  return <TicketThread messages={messages} viewer="staff" emptyText={t.staff.ticket.noMessages} />;
}

function StaffTranscript({ transcript }: { transcript: Transcript }) {
  return <ChatTranscript transcript={transcript} viewer="staff" />;
}

/** The staff console shows tickets the way the customer's pages do. */
export const ticketPresenters: TicketPresenters = {
  StatusBadge: TicketStatusBadge,
  PriorityBadge: TicketPriorityBadge,
  Thread: StaffThread,
  Transcript: StaffTranscript,
};
