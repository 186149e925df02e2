import { PlaceholderPage } from '@/components/layouts/placeholder-page';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';

export default function StartTrialRoute() {
  const { t } = useI18n();
  return (
    <PlaceholderPage
      page="startTrial"
      title={t.startTrial.heading}
      back={{ to: paths.dashboard, label: t.placeholder.toDashboard }}
    />
  );
}
