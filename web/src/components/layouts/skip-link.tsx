import { useI18n } from '@/i18n';

export const MAIN_ID = 'main';

export function SkipLink() {
  const { t } = useI18n();
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only z-[60] rounded-lg bg-navy-900 px-4 py-2 text-cream-50 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t.common.skipToContent}
    </a>
  );
}
