import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadError, LoadingStatus } from '@/components/ui/query-status';
import { formatDate, useI18n } from '@/i18n';
import { useTicketCategories } from '@/features/tickets/api/get-ticket-categories';
import { useTicket } from '@/features/tickets/api/get-ticket';
import { ChatTranscript } from './chat-transcript';
import { TicketPriorityBadge, TicketStatusBadge } from './ticket-badges';
import { TicketReplyForm } from './ticket-reply-form';
import { TicketThread } from './ticket-thread';

/** One of the customer's tickets: its details, the public thread and the reply box. */
export function TicketDetails({ id }: { id: string }) {
  const { t, locale } = useI18n();
  const copy = t.tickets.detail;
  const ticket = useTicket(id);
  const categories = useTicketCategories();

  if (ticket.isPending) return <LoadingStatus>{copy.loading}</LoadingStatus>;
  if (ticket.isError) {
    return <LoadError error={ticket.error} notFound={copy.notFound} failed={copy.failed} />;
  }

  const data = ticket.data;
  const category = categories.data?.find((c) => c.id === data.categoryId)?.name;
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-semibold text-navy-700 tabular-nums">
              #{data.ticketNumber}
            </span>
            <TicketStatusBadge status={data.status} />
            <TicketPriorityBadge priority={data.priority} />
          </div>
          <h1 className="text-2xl font-bold break-words text-navy-900">{data.title}</h1>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-navy-700">
            <span>
              {copy.created(formatDate(new Date(data.createdAt), locale, { dateStyle: 'medium' }))}
            </span>
            {category ? (
              <span>
                {copy.category} {category}
              </span>
            ) : null}
          </p>
        </CardHeader>
        <CardContent>
          <h2 className="sr-only">{copy.description}</h2>
          <p className="break-words whitespace-pre-wrap text-navy-900">{data.description}</p>
        </CardContent>
      </Card>

      {data.transcript ? <ChatTranscript transcript={data.transcript} viewer="customer" /> : null}

      <section aria-labelledby="ticket-thread-heading" className="grid gap-4">
        <h2 id="ticket-thread-heading" className="text-lg font-semibold text-navy-900">
          {copy.thread}
        </h2>
        <TicketThread
          messages={data.messages ?? []}
          viewer="customer"
          emptyText={copy.noMessages}
        />
      </section>

      <Card>
        <CardContent className="pt-6">
          <TicketReplyForm ticket={data} />
        </CardContent>
      </Card>
    </div>
  );
}
