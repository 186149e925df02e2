import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useI18n } from '@/i18n';
import {
  defaultRange,
  rangeProblem,
  yearRange,
  type DateRange,
  type Interval,
} from '@/features/admin-console/sales-format';

/** From and to dates, by day or by month, and two common periods in one click. */
export function RangePicker({
  range,
  onChange,
}: {
  range: DateRange;
  onChange: (range: DateRange) => void;
}) {
  const { t } = useI18n();
  const copy = t.adminConsole.sales.range;
  const problem = rangeProblem(range);
  const error = problem ? copy[problem] : undefined;
  return (
    <fieldset
      className="grid gap-3 rounded-2xl border border-cream-300/70 bg-white p-4 shadow-sm"
      data-testid="sales-range"
    >
      <legend className="sr-only">{copy.legend}</legend>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <Field label={copy.from} error={error}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={range.from}
              max={range.to || undefined}
              onChange={(event) => onChange({ ...range, from: event.target.value })}
            />
          )}
        </Field>
        <Field label={copy.to}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={range.to}
              min={range.from || undefined}
              onChange={(event) => onChange({ ...range, to: event.target.value })}
            />
          )}
        </Field>
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-navy-900">{copy.interval}</legend>
          <div className="flex gap-1 rounded-lg bg-cream-100 p-1">
            {(['day', 'month'] as const satisfies readonly Interval[]).map((interval) => (
              <label
                key={interval}
                className="flex min-h-9 flex-1 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-medium text-navy-800 has-checked:bg-navy-900 has-checked:text-cream-50 has-focus-visible:outline-3 has-focus-visible:outline-gold-500"
              >
                <input
                  type="radio"
                  name="sales-interval"
                  value={interval}
                  checked={range.interval === interval}
                  onChange={() => onChange({ ...range, interval })}
                  className="sr-only"
                />
                {copy[interval]}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => onChange(defaultRange(new Date()))}
        >
          {copy.last30}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => onChange(yearRange(new Date()))}
        >
          {copy.last12}
        </Button>
      </div>
    </fieldset>
  );
}
