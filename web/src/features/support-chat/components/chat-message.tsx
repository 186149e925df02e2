import { Bot, Tag, User } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatDate, useI18n } from '@/i18n';
import { cn } from '@/lib/cn';
import { severityAppearance } from './chat-appearance';
import type { ChatEntry } from './chat-state';
import { OpenTicketOffer } from './open-ticket-offer';

interface Props {
  entry: ChatEntry;
  onOfferAnswer: (entryId: string, agree: boolean) => void;
}

/** One turn: the user's on the right, the assistant's on the left with its badges and steps. */
export function ChatMessage({ entry, onOfferAnswer }: Props) {
  const { t, locale } = useI18n();
  const copy = t.support;
  const user = entry.type === 'user';
  const Avatar = user ? User : Bot;
  const time = formatDate(entry.timestamp, locale, { timeStyle: 'short' });

  return (
    <li
      className={cn('flex items-start gap-2.5', user && 'flex-row-reverse')}
      data-testid="chat-message"
      data-type={entry.type}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-full',
          user ? 'bg-navy-900 text-cream-50' : 'bg-gold-200 text-navy-900',
        )}
      >
        <Avatar className="size-4" />
      </span>
      <div
        className={cn(
          'min-w-0 max-w-[85%] rounded-2xl px-4 py-3 sm:max-w-[75%]',
          user
            ? 'rounded-tr-sm bg-navy-900 text-cream-50'
            : 'rounded-tl-sm border border-cream-300 bg-white text-navy-950',
        )}
      >
        <p className="sr-only">{user ? copy.you : copy.assistant}</p>
        <p className="text-sm break-words whitespace-pre-wrap">
          {entry.type === 'assistant' && entry.content === undefined
            ? copy.greeting
            : entry.content}
        </p>
        {entry.type === 'assistant' && (entry.severity || entry.category) ? (
          <div className="mt-2 flex flex-wrap gap-1.5">
            {entry.severity ? <SeverityBadge severity={entry.severity} /> : null}
            {entry.category ? (
              <Badge variant="neutral" data-testid="chat-category">
                <Tag aria-hidden="true" />
                <span className="sr-only">{copy.categoryLabel} </span>
                {copy.category[entry.category]}
              </Badge>
            ) : null}
          </div>
        ) : null}
        {entry.type === 'assistant' && entry.nextSteps?.length ? (
          <div className="mt-3 text-sm" data-testid="chat-next-steps">
            <p className="font-semibold">{copy.nextSteps}</p>
            <ol className="mt-1 list-decimal space-y-1 pl-5">
              {entry.nextSteps.map((step, index) => (
                <li key={index}>{step}</li>
              ))}
            </ol>
          </div>
        ) : null}
        {entry.type === 'assistant' ? (
          <OpenTicketOffer
            state={entry.offer?.state}
            ticket={entry.ticket}
            onAnswer={(agree) => onOfferAnswer(entry.id, agree)}
          />
        ) : null}
        <p className={cn('mt-1.5 text-xs', user ? 'text-navy-100' : 'text-navy-700')}>
          <time dateTime={entry.timestamp.toISOString()}>{time}</time>
        </p>
      </div>
    </li>
  );
}

function SeverityBadge({ severity }: { severity: keyof typeof severityAppearance }) {
  const { t } = useI18n();
  const { variant, icon: Icon } = severityAppearance[severity];
  return (
    <Badge variant={variant} data-testid="chat-severity">
      <Icon aria-hidden="true" />
      {`${t.support.severityLabel} ${t.support.severity[severity]}`}
    </Badge>
  );
}
