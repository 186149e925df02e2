import { PlaceholderPage } from '@/components/layouts/placeholder-page';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';

export default function SupportRoute() {
  const { t } = useI18n();
  return (
    <PlaceholderPage
      page="support"
      title={t.support.heading}
      back={{ to: paths.dashboard, label: t.support.back }}
    />
  );
}
