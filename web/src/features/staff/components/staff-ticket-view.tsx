import { Mail, User } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadError, LoadingStatus } from '@/components/ui/query-status';
import { formatDate, useI18n } from '@/i18n';
import { useStaffTicket } from '@/features/staff/api/get-staff-ticket';
import { CustomerContext } from './customer-context';
import { StaffReplyForm } from './staff-reply-form';
import { StaffStatusSelect } from './staff-status-select';
import type { CategoryNames, TicketPresenters } from './ticket-presenters';

interface Props {
  id: string;
  categories: CategoryNames;
  presenters: TicketPresenters;
}

/** One ticket for staff: the whole thread (notes marked), reply, status, and the customer. */
export function StaffTicketView({ id, categories, presenters }: Props) {
  const { t, locale } = useI18n();
  const copy = t.staff.ticket;
  const detail = useStaffTicket(id);
  const { StatusBadge, PriorityBadge, Thread, Transcript } = presenters;

  if (detail.isPending) return <LoadingStatus>{copy.loading}</LoadingStatus>;
  if (detail.isError) {
    return <LoadError error={detail.error} notFound={copy.notFound} failed={copy.failed} />;
  }

  const { ticket, customer } = detail.data;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="grid min-w-0 gap-6">
        <Card>
          <CardHeader className="gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-semibold text-navy-700 tabular-nums">
                #{ticket.ticketNumber}
              </span>
              <StatusBadge status={ticket.status} />
              <PriorityBadge priority={ticket.priority} />
            </div>
            <h1 className="text-2xl font-bold break-words text-navy-900">{ticket.title}</h1>
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-navy-700">
              <span>
                {t.staff.list.created(
                  formatDate(new Date(ticket.createdAt), locale, { dateStyle: 'medium' }),
                )}
              </span>
              <span>
                {t.tickets.detail.category} {categories.get(ticket.categoryId) ?? ticket.categoryId}
              </span>
            </p>
          </CardHeader>
          <CardContent className="grid gap-5">
            <div>
              <h2 className="sr-only">{t.tickets.detail.description}</h2>
              <p className="break-words whitespace-pre-wrap text-navy-900">{ticket.description}</p>
            </div>
            <StaffStatusSelect ticketId={ticket.id} status={ticket.status} />
          </CardContent>
        </Card>

        {ticket.transcript ? <Transcript transcript={ticket.transcript} /> : null}

        <section aria-labelledby="staff-thread-heading" className="grid gap-4">
          <h2 id="staff-thread-heading" className="text-lg font-semibold text-navy-900">
            {t.tickets.detail.thread}
          </h2>
          <Thread messages={ticket.messages ?? []} />
        </section>

        <Card>
          <CardContent className="pt-6">
            <StaffReplyForm ticketId={ticket.id} />
          </CardContent>
        </Card>
      </div>

      <aside className="grid gap-4" aria-label={copy.customer}>
        <Card>
          <CardHeader className="pb-2">
            <h2 className="text-base font-semibold text-navy-900">{copy.customer}</h2>
          </CardHeader>
          <CardContent className="grid gap-1.5 text-sm text-navy-800" data-testid="staff-customer">
            {customer ? (
              <>
                <p className="flex items-center gap-2 font-semibold text-navy-900">
                  <User aria-hidden="true" className="size-4 shrink-0" />
                  {customer.name}
                </p>
                <p className="flex items-center gap-2 wrap-anywhere">
                  <Mail aria-hidden="true" className="size-4 shrink-0" />
                  <a
                    href={`mailto:${customer.email}`}
                    className="underline-offset-4 hover:underline"
                  >
                    {customer.email}
                  </a>
                </p>
              </>
            ) : (
              <p>{t.staff.list.unknownCustomer}</p>
            )}
          </CardContent>
        </Card>
        <CustomerContext detail={detail.data} StatusBadge={StatusBadge} />
      </aside>
    </div>
  );
}
