import { brand } from '@mia/catalog';
import { Bell, BookOpen, CircleCheck, Mail, Sparkles, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { InfoPageLayout } from '@/components/layouts/info-page-layout';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { CatalogTextSkeleton } from '@/features/catalog/components/catalog-state';
import { WithCatalog } from '@/features/catalog/components/with-catalog';
import { useCatalog } from '@/features/catalog/use-catalog';
import { LiveStatus } from '@/features/status/components/live-status';
import { announcements, metrics, type Announcement } from '@/features/status/data';
import { formatDate, formatPercent, useI18n } from '@/i18n';

const announcementIcons: Record<Announcement['icon'], LucideIcon> = {
  sparkles: Sparkles,
  book: BookOpen,
  bell: Bell,
};

export default function StatusRoute() {
  const { t, locale } = useI18n();
  const copy = t.status;
  const tools = useCatalog().view?.toolCount;

  return (
    <InfoPageLayout page="status" title={copy.heading}>
      <LiveStatus />

      <section aria-labelledby="announcements-title" className="mt-12">
        <h2 id="announcements-title" className="text-2xl font-bold text-navy-900">
          {copy.announcementsHeading}
        </h2>
        <ul className="mt-5 grid gap-5 md:grid-cols-3">
          {announcements.map((item) => {
            const Icon = announcementIcons[item.icon];
            const text = copy.announcements[item.key];
            const title =
              typeof text.title !== 'function' ? (
                text.title
              ) : tools === undefined ? (
                <CatalogTextSkeleton className="w-40" />
              ) : (
                text.title(tools)
              );
            return (
              <li
                key={item.id}
                className="rounded-2xl border border-cream-300/70 bg-white p-6 shadow-sm"
              >
                <div className="flex items-center justify-between gap-2">
                  <Icon aria-hidden="true" className="size-6 text-gold-600" />
                  <Badge variant={item.type === 'new-feature' ? 'gold' : 'neutral'}>
                    {item.type === 'new-feature' ? copy.badges.newFeature : copy.badges.comingSoon}
                  </Badge>
                </div>
                <h3 className="mt-4 font-semibold text-navy-900">{title}</h3>
                <p className="mt-1 text-sm text-navy-700">{text.description}</p>
                <p className="mt-3 text-xs text-navy-700">
                  <time dateTime={item.date}>
                    {formatDate(new Date(`${item.date}T12:00:00Z`), locale)}
                  </time>
                </p>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="availability-title" className="mt-12">
        <h2 id="availability-title" className="text-2xl font-bold text-navy-900">
          {copy.availabilityHeading}
        </h2>
        <WithCatalog>
          {({ products }) => (
            <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {products.map((product) => (
                <li
                  key={product.id}
                  className="flex items-center justify-between gap-3 rounded-xl border border-cream-300/70 bg-white px-4 py-3"
                >
                  <span className="text-sm font-medium text-navy-900">{product.name}</span>
                  <Badge variant="success">
                    <CircleCheck aria-hidden="true" />
                    {copy.available}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </WithCatalog>
      </section>

      <section aria-labelledby="metrics-title" className="mt-12">
        <h2 id="metrics-title" className="text-2xl font-bold text-navy-900">
          {copy.metricsHeading}
        </h2>
        <dl className="mt-5 grid gap-5 sm:grid-cols-3">
          {[
            {
              label: copy.metrics.uptime,
              value: formatPercent(metrics.uptimePercent / 100, locale),
            },
            { label: copy.metrics.response, value: copy.metrics.underTwoSeconds },
            {
              label: copy.metrics.payments,
              value: formatPercent(metrics.successfulPaymentsPercent / 100, locale),
            },
          ].map((metric) => (
            <div
              key={metric.label}
              className="flex flex-col-reverse rounded-2xl bg-navy-900 p-6 text-cream-50"
            >
              <dt className="mt-1 text-cream-200">{metric.label}</dt>
              <dd className="text-3xl font-bold text-gold-300">{metric.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="status-help-title" className="mt-12 rounded-3xl bg-cream-100 p-8">
        <h2 id="status-help-title" className="text-2xl font-bold text-navy-900">
          {copy.help.heading}
        </h2>
        <p className="mt-2 text-navy-700">{copy.help.text}</p>
        <div className="mt-6 flex flex-col flex-wrap gap-3 sm:flex-row">
          <Button asChild>
            <Link to={paths.support}>{copy.help.supportCenter}</Link>
          </Button>
          <Button asChild variant="outline" wrap className="py-2">
            <a href={`mailto:${brand.supportEmail}`}>
              <Mail aria-hidden="true" />
              {copy.help.email(brand.supportEmail)}
            </a>
          </Button>
          <Button asChild variant="link" wrap>
            <a
              href={`mailto:${brand.supportEmail}?subject=${encodeURIComponent(copy.help.subscribeSubject)}`}
            >
              <Bell aria-hidden="true" />
              {copy.help.subscribe}
            </a>
          </Button>
        </div>
      </section>
    </InfoPageLayout>
  );
}
