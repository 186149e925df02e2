import { ticketPriorities, ticketStatuses } from '@mia/contracts';
import { Search, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
import { useI18n } from '@/i18n';
import type { StaffTicketFilters } from '@/features/staff/api/staff-schemas';
import type { CategoryNames } from './ticket-presenters';
import type { FilterChange } from './use-staff-filters';

const ANY = 'any';

interface Props {
  filters: StaffTicketFilters;
  categories: CategoryNames;
  /** A change to some filters; null clears them all. */
  onChange: (change: FilterChange | null) => void;
}

/** Status, priority and category apply at once; the text applies when searched. */
export function StaffFilters({ filters, categories, onChange }: Props) {
  const { t } = useI18n();
  const copy = t.staff.filters;
  // The parent keys this form by the applied text, so a new one (back button) starts it afresh.
  const [text, setText] = useState(filters.q ?? '');

  const choose = (key: 'status' | 'priority' | 'categoryId') => (value: string) =>
    onChange({ [key]: value === ANY ? undefined : value });

  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: text });
  };

  const filtered = Boolean(filters.status || filters.priority || filters.categoryId || filters.q);

  return (
    <form
      onSubmit={search}
      aria-label={copy.label}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 lg:items-end"
    >
      <Field label={copy.status}>
        {(control) => (
          <Select value={filters.status ?? ANY} onValueChange={choose('status')}>
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>{copy.anyStatus}</SelectItem>
              {ticketStatuses.map((status) => (
                <SelectItem key={status} value={status}>
                  {t.tickets.status[status]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field label={copy.priority}>
        {(control) => (
          <Select value={filters.priority ?? ANY} onValueChange={choose('priority')}>
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>{copy.anyPriority}</SelectItem>
              {ticketPriorities.map((priority) => (
                <SelectItem key={priority} value={priority}>
                  {t.tickets.priority[priority]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field label={copy.category}>
        {(control) => (
          <Select value={filters.categoryId ?? ANY} onValueChange={choose('categoryId')}>
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>{copy.anyCategory}</SelectItem>
              {[...categories].map(([id, name]) => (
                <SelectItem key={id} value={id}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field label={copy.search} className="sm:col-span-2">
        {(control) => (
          <Input
            {...control}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={copy.searchPlaceholder}
          />
        )}
      </Field>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
        <Button type="submit" className="flex-1 lg:flex-none">
          <Search aria-hidden="true" />
          {copy.submit}
        </Button>
        {filtered ? (
          <Button type="button" variant="ghost" onClick={() => onChange(null)}>
            <X aria-hidden="true" />
            {copy.clear}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
