import { statusRows, type IncidentType, type StatusRow } from '@mia/contracts';
import { Megaphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
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
import {
  useOpenIncidents,
  usePostIncident,
  useResolveIncident,
} from '@/features/admin/api/incidents';

// The status page's row names and the catalogue's keys for their names.
const rowKey = {
  'gpt-access': 'gptAccess',
  authentication: 'authentication',
  payments: 'payments',
  website: 'website',
  dashboard: 'dashboard',
} as const satisfies Record<StatusRow, string>;

/** Posts an incident or maintenance on /status and resolves the open ones (support decides). */
export function IncidentsForm() {
  const { t } = useI18n();
  const copy = t.incidentsAdmin;
  const [type, setType] = useState<IncidentType>('incident');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [services, setServices] = useState<StatusRow[]>([]);
  const post = usePostIncident();
  const resolve = useResolveIncident();
  const open = useOpenIncidents();
  const ready = title.trim() !== '' && body.trim() !== '' && services.length > 0;
  const failed = (error: unknown) =>
    toast({ variant: 'destructive', title: copy.failed, description: errorText(error) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    post.mutate(
      { type, title: title.trim(), body: body.trim(), services },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: copy.posted });
          setTitle('');
          setBody('');
          setServices([]);
        },
        onError: failed,
      },
    );
  };

  const toggle = (row: StatusRow, on: boolean) =>
    setServices((current) => (on ? [...current, row] : current.filter((r) => r !== row)));

  return (
    <div className="grid content-start gap-4" data-testid="admin-incidents">
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid content-start gap-4"
        aria-labelledby="admin-incidents-title"
      >
        <div>
          <h3
            id="admin-incidents-title"
            className="flex items-center gap-2 text-lg font-semibold text-navy-900"
          >
            <Megaphone aria-hidden="true" className="size-4 text-gold-700" />
            {copy.title}
          </h3>
          <p className="text-sm text-navy-700">{copy.description}</p>
        </div>
        <Field label={copy.type}>
          {(control) => (
            <Select value={type} onValueChange={(value) => setType(value as IncidentType)}>
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="incident">{t.statusLive.types.incident}</SelectItem>
                <SelectItem value="maintenance">{t.statusLive.types.maintenance}</SelectItem>
              </SelectContent>
            </Select>
          )}
        </Field>
        <Field label={copy.titleLabel}>
          {(control) => (
            <Input
              {...control}
              maxLength={200}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
          )}
        </Field>
        <Field label={copy.body}>
          {(control) => (
            <textarea
              {...control}
              maxLength={5000}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              className="block min-h-24 w-full rounded-lg border border-navy-200 bg-white px-3 py-2 text-base text-navy-950 shadow-sm focus-visible:border-navy-500 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-gold-500"
            />
          )}
        </Field>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-navy-900">{copy.services}</legend>
          {statusRows.map((row) => {
            const id = `incident-service-${row}`;
            return (
              <div key={row} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={services.includes(row)}
                  onCheckedChange={(checked) => toggle(row, checked === true)}
                />
                <Label htmlFor={id}>{t.status.services[rowKey[row]].name}</Label>
              </div>
            );
          })}
        </fieldset>
        <div>
          <Button type="submit" disabled={!ready || post.isPending}>
            {post.isPending ? copy.submitting : copy.submit}
          </Button>
        </div>
      </form>

      <section aria-labelledby="admin-incidents-open" className="grid gap-2">
        <h4 id="admin-incidents-open" className="font-semibold text-navy-900">
          {copy.open}
        </h4>
        {open.data && open.data.length === 0 && (
          <p className="text-sm text-navy-700">{copy.none}</p>
        )}
        <ul className="grid gap-2">
          {open.data?.map((incident) => (
            <li
              key={incident.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-cream-300 p-3"
            >
              <span className="min-w-0 text-sm break-words text-navy-900">
                {t.statusLive.types[incident.type]}: {incident.title}
              </span>
              <Button
                size="sm"
                variant="outline"
                disabled={resolve.isPending}
                onClick={() =>
                  resolve.mutate(incident.id, {
                    onSuccess: () => toast({ variant: 'success', title: copy.resolvedToast }),
                    onError: failed,
                  })
                }
              >
                {resolve.isPending ? copy.resolving : copy.resolve}
                {/* Several open incidents: each button names its own to a screen reader. */}
                <span className="sr-only">: {incident.title}</span>
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
