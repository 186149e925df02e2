import { ticketStatuses, type TicketStatus } from '@mia/contracts';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useChangeTicketStatus } from '@/features/staff/api/change-ticket-status';

/** Moves the ticket at once; support refuses a move it does not allow, and says why. */
export function StaffStatusSelect({
  ticketId,
  status,
}: {
  ticketId: string;
  status: TicketStatus;
}) {
  const { t } = useI18n();
  const copy = t.staff.ticket;
  const change = useChangeTicketStatus();
  const id = useId();

  const choose = (next: string) => {
    if (next === status) return;
    change.mutate(
      { id: ticketId, status: next as TicketStatus },
      {
        onSuccess: () => toast({ variant: 'success', title: copy.statusChanged }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: copy.statusFailed,
            description: errorText(error),
          }),
      },
    );
  };

  return (
    <div className="grid gap-1.5 sm:w-56">
      <Label htmlFor={id}>{copy.status}</Label>
      <Select value={status} onValueChange={choose} disabled={change.isPending}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {ticketStatuses.map((value) => (
            <SelectItem key={value} value={value}>
              {t.tickets.status[value]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
