import type { TicketPriority, TicketStatus } from '@mia/contracts';
import { Badge } from '@/components/ui/badge';
import { useI18n } from '@/i18n';
import { priorityAppearance, statusAppearance, statusLabel } from './ticket-appearance';

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useI18n();
  const { variant, icon: Icon } = statusAppearance[status];
  return (
    <Badge variant={variant} data-testid="ticket-status">
      <Icon aria-hidden="true" />
      <span className="sr-only">{t.tickets.statusLabel} </span>
      {statusLabel(status, t.tickets.status)}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  const { t } = useI18n();
  const { variant, icon: Icon } = priorityAppearance[priority];
  return (
    <Badge variant={variant} data-testid="ticket-priority">
      <Icon aria-hidden="true" />
      <span className="sr-only">{t.tickets.priorityLabel} </span>
      {t.tickets.priority[priority]}
    </Badge>
  );
}
