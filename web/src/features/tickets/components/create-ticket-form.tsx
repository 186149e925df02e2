import { zodResolver } from '@hookform/resolvers/zod';
import {
  createTicketRequestSchema,
  ticketPriorities,
  type CreateTicketRequest,
} from '@mia/contracts';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
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
import { useCreateTicket } from '@/features/tickets/api/create-ticket';
import { useTicketCategories } from '@/features/tickets/api/get-ticket-categories';
import { isRateLimited } from './rate-limited';
import { Textarea } from './textarea';
import { ticketRuleMessage } from './ticket-rule-message';

type FormInput = z.input<typeof createTicketRequestSchema>;

/** Spec section 4: a new ticket defaults to medium priority. */
const emptyTicket: FormInput = { title: '', categoryId: '', priority: 'medium', description: '' };

/** Title, category, priority and description, checked by the contract's own rules (section 5). */
export function CreateTicketForm({ onDone }: { onDone: () => void }) {
  const { t } = useI18n();
  const copy = t.tickets.create;
  const categories = useTicketCategories();
  const createTicket = useCreateTicket();
  const form = useForm<FormInput, unknown, CreateTicketRequest>({
    resolver: zodResolver(createTicketRequestSchema),
    defaultValues: emptyTicket,
  });
  const { errors } = form.formState;
  const rule = (message: string | undefined) => ticketRuleMessage(message, t);

  const onSubmit = form.handleSubmit((values) =>
    createTicket.mutate(values, {
      onSuccess: () => {
        toast({
          variant: 'success',
          title: t.tickets.toasts.created,
          description: t.tickets.toasts.createdText,
        });
        form.reset(emptyTicket);
        onDone();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t.tickets.toasts.error,
          // Over the hourly limit the server's message says how long to wait.
          description: isRateLimited(error) ? errorText(error) : t.tickets.toasts.createFailed,
        }),
    }),
  );

  const categoryPlaceholder = categories.isPending
    ? copy.categoriesLoading
    : copy.categoryPlaceholder;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="create-ticket-form">
      <Field label={copy.titleField} error={rule(errors.title?.message)}>
        {(control) => <Input {...control} autoFocus {...form.register('title')} />}
      </Field>

      <Field label={copy.category} error={rule(errors.categoryId?.message)}>
        {(control) => (
          <Controller
            control={form.control}
            name="categoryId"
            render={({ field }) => (
              <Select
                name={field.name}
                value={field.value}
                onValueChange={field.onChange}
                disabled={!categories.data}
              >
                <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue placeholder={categoryPlaceholder} />
                </SelectTrigger>
                <SelectContent>
                  {categories.data?.map((category) => (
                    <SelectItem key={category.id} value={category.id}>
                      {category.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        )}
      </Field>
      {categories.isError ? (
        <p role="alert" className="-mt-2 text-sm font-medium text-red-800">
          {copy.categoriesFailed}
        </p>
      ) : null}

      <Field label={copy.priority} error={rule(errors.priority?.message)}>
        {(control) => (
          <Controller
            control={form.control}
            name="priority"
            render={({ field }) => (
              <Select name={field.name} value={field.value ?? ''} onValueChange={field.onChange}>
                <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue placeholder={copy.priorityPlaceholder} />
                </SelectTrigger>
                <SelectContent>
                  {ticketPriorities.map((priority) => (
                    <SelectItem key={priority} value={priority}>
                      {t.tickets.priority[priority]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        )}
      </Field>

      <Field label={copy.description} error={rule(errors.description?.message)}>
        {(control) => <Textarea {...control} rows={5} {...form.register('description')} />}
      </Field>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            form.reset(emptyTicket);
            onDone();
          }}
        >
          {copy.cancel}
        </Button>
        <Button type="submit" disabled={createTicket.isPending}>
          {createTicket.isPending ? copy.submitting : copy.submit}
        </Button>
      </div>
    </form>
  );
}
