import type { ChatTicketRef } from '@mia/contracts';
import { CircleCheck, Ticket } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import type { OfferState } from './chat-state';

interface Props {
  state: OfferState | undefined;
  ticket: ChatTicketRef | undefined;
  onAnswer: (agree: boolean) => void;
}

/** The chat asks before it opens a ticket; once opened, the ticket's number links to it. */
export function OpenTicketOffer({ state, ticket, onAnswer }: Props) {
  const { t } = useI18n();
  const copy = t.support.offer;

  if (ticket) {
    return (
      <div
        className="mt-3 grid gap-2 rounded-xl bg-green-50 p-3 text-sm text-green-950"
        data-testid="chat-ticket"
      >
        <p className="flex gap-2">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {copy.opened(ticket.ticketNumber)}
        </p>
        <Link
          to={paths.supportTicket(ticket.id)}
          className="inline-flex items-center gap-1.5 font-semibold text-navy-900 underline underline-offset-4"
        >
          <Ticket aria-hidden="true" className="size-4" />
          {copy.view(ticket.ticketNumber)}
        </Link>
      </div>
    );
  }
  if (!state) return null;
  if (state === 'declined') {
    return <p className="mt-3 text-sm text-navy-700">{copy.declined}</p>;
  }

  const opening = state === 'opening';
  return (
    <div
      className="mt-3 grid gap-2 rounded-xl border border-gold-300 bg-gold-100/60 p-3"
      data-testid="chat-offer"
    >
      <p className="text-sm font-semibold text-navy-900">{copy.question}</p>
      {state === 'failed' ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {copy.failed}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onAnswer(true)} disabled={opening}>
          {opening ? copy.opening : copy.yes}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onAnswer(false)} disabled={opening}>
          {copy.no}
        </Button>
      </div>
    </div>
  );
}
