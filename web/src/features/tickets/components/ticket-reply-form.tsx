import { zodResolver } from '@hookform/resolvers/zod';
import { ticketReplyRequestSchema, type Ticket } from '@mia/contracts';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useReplyToTicket } from '@/features/tickets/api/reply-to-ticket';
import { isRateLimited } from './rate-limited';
import { Textarea } from './textarea';
import { ticketRuleMessage } from './ticket-rule-message';

/** The customer's reply box; what a reply does to a resolved or closed ticket is said first. */
export function TicketReplyForm({ ticket }: { ticket: Ticket }) {
  const { t } = useI18n();
  const copy = t.tickets.detail;
  const navigate = useNavigate();
  const reply = useReplyToTicket();
  const form = useForm({
    resolver: zodResolver(ticketReplyRequestSchema),
    defaultValues: { body: '' },
  });
  const error = ticketRuleMessage(form.formState.errors.body?.message, t);

  const onSubmit = form.handleSubmit(({ body }) =>
    reply.mutate(
      { id: ticket.id, body },
      {
        onSuccess: (answer) => {
          form.reset({ body: '' });
          if (answer && answer.id !== ticket.id) {
            toast({
              variant: 'success',
              title: t.tickets.toasts.replied,
              description: t.tickets.toasts.newTicket(answer.ticketNumber),
            });
            void navigate(paths.supportTicket(answer.id));
            return;
          }
          toast({
            variant: 'success',
            title: t.tickets.toasts.replied,
            description: t.tickets.toasts.repliedText,
          });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t.tickets.toasts.error,
            // Over the hourly limit the server's message says how long to wait.
            description: isRateLimited(error) ? errorText(error) : t.tickets.toasts.replyFailed,
          }),
      },
    ),
  );

  const note =
    ticket.status === 'closed'
      ? copy.closedNote
      : ticket.status === 'resolved'
        ? copy.resolvedNote
        : null;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" data-testid="ticket-reply-form">
      {note ? <p className="rounded-lg bg-cream-100 p-3 text-sm text-navy-800">{note}</p> : null}
      <Field label={copy.reply} error={error}>
        {(control) => <Textarea {...control} rows={4} {...form.register('body')} />}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={reply.isPending} className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {reply.isPending ? copy.sending : copy.send}
        </Button>
      </div>
    </form>
  );
}
