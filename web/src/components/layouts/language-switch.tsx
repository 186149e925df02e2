import { locales } from '@/i18n/locale';
import { useI18n } from '@/i18n';
import { cn } from '@/lib/cn';

/** Two pressed/unpressed buttons; the choice is remembered by the i18n provider. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, locale, setLocale } = useI18n();
  return (
    <div
      role="group"
      aria-label={t.language.label}
      className={cn('inline-flex rounded-lg border border-navy-200 bg-white p-0.5', className)}
    >
      {locales.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={locale === option}
          onClick={() => setLocale(option)}
          className={cn(
            'min-h-9 min-w-10 rounded-md px-2 text-xs font-bold uppercase',
            locale === option ? 'bg-navy-900 text-cream-50' : 'text-navy-800 hover:bg-cream-100',
          )}
        >
          <span aria-hidden="true">{option}</span>
          <span className="sr-only">{t.language[option]}</span>
        </button>
      ))}
    </div>
  );
}
