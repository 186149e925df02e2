import type { TicketMessage } from '@mia/contracts';
import { Bot, Headset, StickyNote, User } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatDate, useI18n } from '@/i18n';
import { cn } from '@/lib/cn';

const authorIcon = { customer: User, staff: Headset, ai: Bot } as const;

interface Props {
  messages: TicketMessage[];
  /** Whose side the thread is read from: their own messages sit on the right. */
  viewer: 'customer' | 'staff';
  emptyText: string;
}

/** A ticket's conversation: customer, staff and AI messages with their times; notes marked. */
export function TicketThread({ messages, viewer, emptyText }: Props) {
  const { t, locale } = useI18n();
  const copy = t.tickets.detail;
  if (messages.length === 0) return <p className="text-sm text-navy-700">{emptyText}</p>;

  return (
    <ol className="grid gap-4" data-testid="ticket-thread">
      {messages.map((message) => {
        const own = message.author === viewer;
        const Icon = authorIcon[message.author];
        // The customer reads "You" for their own messages; staff read the customer's name.
        const name =
          viewer === 'customer' && message.author === 'customer'
            ? copy.author.customer
            : (message.authorName ?? copy.author[message.author]);
        return (
          <li
            key={message.id}
            data-testid="thread-message"
            data-author={message.author}
            data-internal={message.internal ? 'true' : undefined}
            className={cn('flex gap-3', own && 'flex-row-reverse')}
          >
            <span
              aria-hidden="true"
              className={cn(
                'mt-1 flex size-9 shrink-0 items-center justify-center rounded-full',
                message.author === 'customer'
                  ? 'bg-navy-900 text-cream-50'
                  : 'bg-gold-200 text-navy-900',
              )}
            >
              <Icon className="size-4" />
            </span>
            <div
              className={cn(
                'grid max-w-[85%] min-w-0 gap-1 rounded-2xl border px-4 py-3',
                message.internal
                  ? 'border-dashed border-amber-400 bg-amber-50'
                  : own
                    ? 'border-navy-100 bg-navy-50'
                    : 'border-cream-300 bg-white',
              )}
            >
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-navy-700">
                <span className="font-semibold text-navy-900">{name}</span>
                <time dateTime={message.createdAt}>
                  {formatDate(new Date(message.createdAt), locale, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </time>
                {message.internal ? (
                  <Badge variant="warning">
                    <StickyNote aria-hidden="true" />
                    {copy.internal}
                  </Badge>
                ) : null}
              </p>
              <p className="text-sm break-words whitespace-pre-wrap text-navy-950">
                {message.body}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
