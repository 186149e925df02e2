import { Button } from '@/components/ui/button';
import { LoadError, LoadingStatus } from '@/components/ui/query-status';
import { useI18n } from '@/i18n';

/** The loading line or the failure with a retry, for any section's query. */
export function SectionState({
  query,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
}) {
  const { t } = useI18n();
  if (query.isPending) return <LoadingStatus>{t.adminConsole.loading}</LoadingStatus>;
  return (
    <div className="grid justify-items-start gap-3">
      <LoadError
        error={query.error}
        notFound={t.adminConsole.loadFailed}
        failed={t.adminConsole.loadFailed}
      />
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        {t.adminConsole.retry}
      </Button>
    </div>
  );
}
