import { LoadError, LoadingStatus } from '@/components/ui/query-status';
import { useI18n } from '@/i18n';
import { useStatus } from '@/features/status/api/get-status';
import { overallState, servicesFromAnswer } from '@/features/status/data';
import { IncidentList } from './incident-list';
import { ServiceList } from './service-list';
import { StatusBanner } from './status-banner';
import { UptimeBars, UptimeLegend } from './uptime-bars';

/**
 * The live part of /status: banner, services, incidents and 90-day uptime from GET
 * /api/status, asked again every 15 s. While the first answer is on its way, or when none can
 * be had, the page says so instead of claiming everything works.
 */
export function LiveStatus() {
  const { t } = useI18n();
  const copy = t.statusLive;
  const { data, error, isPending } = useStatus();

  if (isPending) return <LoadingStatus>{copy.loading}</LoadingStatus>;
  if (!data) return <LoadError error={error} notFound={copy.failed} failed={copy.failed} />;

  const services = servicesFromAnswer(data.services);
  return (
    <>
      <StatusBanner state={overallState(services)} updatedAt={new Date(data.updatedAt)} />

      <section aria-labelledby="services-title" className="mt-12">
        <h2 id="services-title" className="text-2xl font-bold text-navy-900">
          {t.status.servicesHeading}
        </h2>
        <ServiceList services={services} />
      </section>

      <section aria-labelledby="incidents-title" className="mt-12">
        <h2 id="incidents-title" className="text-2xl font-bold text-navy-900">
          {copy.incidentsHeading}
        </h2>
        <IncidentList incidents={data.incidents} />
      </section>

      <section aria-labelledby="uptime-title" className="mt-12">
        <h2 id="uptime-title" className="text-2xl font-bold text-navy-900">
          {copy.uptimeHeading}
        </h2>
        <UptimeLegend />
        <UptimeBars uptime={data.uptime} />
      </section>
    </>
  );
}
