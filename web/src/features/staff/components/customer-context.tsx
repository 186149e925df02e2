import { CreditCard, History, KeyRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDate, formatMoney, useI18n, type Locale } from '@/i18n';
import { useCatalog } from '@/features/catalog/use-catalog';
import type { StaffTicketDetail } from '@/features/staff/api/staff-schemas';
import { grantStateVariant, paymentStatusVariant, toCents } from './context-appearance';
import type { TicketPresenters } from './ticket-presenters';

function ContextCard({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2 pb-2">
        <Icon aria-hidden="true" className="size-4 text-gold-700" />
        <h2 className="text-base font-semibold text-navy-900">{title}</h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const shortDate = (value: string, locale: Locale) =>
  formatDate(new Date(value), locale, { dateStyle: 'medium' });

interface Props {
  detail: StaffTicketDetail;
  StatusBadge: TicketPresenters['StatusBadge'];
}

/** Beside the ticket: what the customer can use and why, their payments and other tickets. */
export function CustomerContext({ detail, StatusBadge }: Props) {
  const { t, locale } = useI18n();
  const copy = t.staff.context;
  const catalog = useCatalog().view;
  // The catalogue's name once loaded (the id until then, or for a tool it no longer lists).
  const toolName = (scope: string) =>
    scope === 'all' ? copy.allTools : (catalog?.productName(scope) ?? scope);

  return (
    <div className="grid gap-4">
      <ContextCard icon={KeyRound} title={copy.access}>
        {detail.access.length === 0 ? (
          <p className="text-sm text-navy-700">{copy.noAccess}</p>
        ) : (
          <ul className="grid gap-3" data-testid="customer-access">
            {detail.access.map((grant) => (
              <li key={grant.grantId} className="grid gap-1 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-navy-900">{toolName(grant.scope)}</span>
                  <Badge variant={grantStateVariant[grant.state]}>{copy.state[grant.state]}</Badge>
                </div>
                <p className="text-navy-700">
                  {copy.source[grant.source]}
                  {' · '}
                  {grant.validUntil
                    ? copy.until(shortDate(grant.validUntil, locale))
                    : copy.lifetime}
                  {grant.revokeReason ? ` · ${copy.revokeReason[grant.revokeReason]}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </ContextCard>

      <ContextCard icon={CreditCard} title={copy.payments}>
        {detail.payments.length === 0 ? (
          <p className="text-sm text-navy-700">{copy.noPayments}</p>
        ) : (
          <ul className="grid gap-3" data-testid="customer-payments">
            {detail.payments.map((payment) => {
              const refunded = toCents(payment.refundedAmount);
              return (
                <li key={payment.id} className="grid gap-1 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="min-w-0 font-semibold break-words text-navy-900">
                      {payment.description}
                    </span>
                    <Badge variant={paymentStatusVariant[payment.status]}>
                      {copy.paymentStatus[payment.status]}
                    </Badge>
                  </div>
                  <p className="text-navy-700">
                    {formatMoney(toCents(payment.amount), locale)}
                    {' · '}
                    {shortDate(payment.createdAt, locale)}
                    {refunded > 0 ? ` · ${copy.refunded(formatMoney(refunded, locale))}` : ''}
                  </p>
                  {payment.failureMessage ? (
                    <p className="text-red-800">{payment.failureMessage}</p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </ContextCard>

      <ContextCard icon={History} title={copy.pastTickets}>
        {detail.pastTickets.length === 0 ? (
          <p className="text-sm text-navy-700">{copy.noPastTickets}</p>
        ) : (
          <ul className="grid gap-3" data-testid="customer-past-tickets">
            {detail.pastTickets.map((ticket) => (
              <li key={ticket.id} className="grid gap-1 text-sm">
                <Link
                  to={paths.supportStaffTicket(ticket.id)}
                  className="font-semibold break-words text-navy-900 underline-offset-4 hover:underline"
                >
                  #{ticket.ticketNumber} {ticket.title}
                </Link>
                <div className="flex flex-wrap items-center gap-2 text-navy-700">
                  <StatusBadge status={ticket.status} />
                  <span>{shortDate(ticket.createdAt, locale)}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ContextCard>
    </div>
  );
}
