import { LoaderCircle } from 'lucide-react';
import { ticketStatuses, type TicketStatus } from '@mia/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useI18n } from '@/i18n';
import { useTickets } from '@/features/tickets/api/get-tickets';
import { TicketListItem } from './ticket-list-item';

type StatusFilter = TicketStatus | 'all';

/** Spec section 2: the right card, with the user's tickets and a status filter. */
export function TicketListCard() {
  const { t } = useI18n();
  const copy = t.tickets.list;
  const tickets = useTickets();
  const [status, setStatus] = useState<StatusFilter>('all');
  const filterId = useId();
  const shown = tickets.data?.filter((ticket) => status === 'all' || ticket.status === status);

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-lg leading-snug font-semibold text-navy-900">{copy.title}</h2>
        {tickets.data?.length ? (
          <div className="grid gap-1 sm:w-52">
            <Label htmlFor={filterId} className="sr-only">
              {copy.filter}
            </Label>
            <Select value={status} onValueChange={(value) => setStatus(value as StatusFilter)}>
              <SelectTrigger id={filterId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">{copy.allStatuses}</SelectItem>
                {ticketStatuses.map((value) => (
                  <SelectItem key={value} value={value}>
                    {t.tickets.status[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        {tickets.isPending ? (
          <p className="flex items-center gap-2 py-8 text-navy-700" role="status">
            <LoaderCircle
              aria-hidden="true"
              className="size-5 animate-spin motion-reduce:animate-none"
            />
            {copy.loading}
          </p>
        ) : tickets.isError ? (
          <div className="grid justify-items-start gap-3 py-6" role="alert">
            <p className="font-medium text-red-800">{copy.failed}</p>
            <Button variant="outline" size="sm" onClick={() => void tickets.refetch()}>
              {copy.retry}
            </Button>
          </div>
        ) : tickets.data.length === 0 ? (
          <div className="py-8 text-center">
            <p className="font-semibold text-navy-900">{copy.empty}</p>
            <p className="mt-1 text-sm text-navy-700">{copy.emptyHint}</p>
          </div>
        ) : shown?.length ? (
          <ul className="grid gap-3" aria-label={copy.title}>
            {shown.map((ticket) => (
              <TicketListItem key={ticket.id} ticket={ticket} />
            ))}
          </ul>
        ) : (
          <p className="py-8 text-center text-navy-700">{copy.noMatch}</p>
        )}
      </CardContent>
    </Card>
  );
}
