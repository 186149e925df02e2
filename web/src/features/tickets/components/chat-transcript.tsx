import type { ChatTranscript as Transcript } from '@mia/contracts';
import { Bot, User } from 'lucide-react';
import { formatDate, useI18n } from '@/i18n';
import { cn } from '@/lib/cn';

interface Props {
  transcript: Transcript;
  /** The customer reads "You" for their own turns; staff read "Customer". */
  viewer: 'customer' | 'staff';
}

/**
 * The chat a ticket was opened from, one item per turn. Who spoke comes from the recorded turn's
 * author, shown as its own label, colour and icon; the text is shown as typed, so a customer's
 * line that imitates the assistant still sits in a customer's turn.
 */
export function ChatTranscript({ transcript, viewer }: Props) {
  const { t, locale } = useI18n();
  const copy = t.tickets.transcript;
  return (
    <section aria-labelledby="chat-transcript-heading" className="grid gap-3">
      <h2 id="chat-transcript-heading" className="text-lg font-semibold text-navy-900">
        {copy.title}
      </h2>
      {transcript.omittedTurns > 0 ? (
        <p className="text-sm text-navy-700">{copy.omitted(transcript.omittedTurns)}</p>
      ) : null}
      <ol className="grid gap-3" data-testid="chat-transcript">
        {transcript.turns.map((turn, index) => {
          const customer = turn.author === 'customer';
          const Icon = customer ? User : Bot;
          const name = customer
            ? viewer === 'customer'
              ? copy.you
              : copy.customer
            : copy.assistant;
          return (
            <li
              key={index}
              data-testid="transcript-turn"
              data-author={turn.author}
              className={cn('flex gap-3', customer && 'flex-row-reverse')}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'mt-1 flex size-8 shrink-0 items-center justify-center rounded-full',
                  customer ? 'bg-navy-900 text-cream-50' : 'bg-gold-200 text-navy-900',
                )}
              >
                <Icon className="size-4" />
              </span>
              <div
                className={cn(
                  'grid max-w-[85%] min-w-0 gap-1 rounded-2xl border px-4 py-3',
                  customer ? 'border-navy-100 bg-navy-50' : 'border-cream-300 bg-white',
                )}
              >
                <p className="flex flex-wrap items-center gap-x-2 text-xs text-navy-700">
                  <span className="font-semibold text-navy-900">{name}</span>
                  <time dateTime={turn.at}>
                    {formatDate(new Date(turn.at), locale, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </time>
                </p>
                <p className="text-sm break-words whitespace-pre-wrap text-navy-950">{turn.text}</p>
                {turn.nextSteps.length > 0 ? (
                  <div className="text-sm text-navy-900">
                    <p className="font-semibold">{copy.steps}</p>
                    <ol className="list-decimal ps-5">
                      {turn.nextSteps.map((step, i) => (
                        <li key={i} className="break-words">
                          {step}
                        </li>
                      ))}
                    </ol>
                  </div>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
