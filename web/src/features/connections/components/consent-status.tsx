import { LoaderCircle } from 'lucide-react';
import { useI18n } from '@/i18n';

/** A wait the person cannot act on (loading, leaving for the tool), announced once. */
export function ConsentStatus({ text }: { text: string }) {
  const { t } = useI18n();
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">{t.connections.consent.title}</h1>
      <p className="flex items-center gap-3 py-6 text-navy-800" role="status">
        <LoaderCircle
          aria-hidden="true"
          className="size-6 shrink-0 animate-spin text-gold-700 motion-reduce:animate-none"
        />
        {text}
      </p>
    </>
  );
}
