import {
  Award,
  Database,
  KeyRound,
  CreditCard,
  Server,
  EyeOff,
  Siren,
  ArrowRight,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { InfoPageLayout } from '@/components/layouts/info-page-layout';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';

const icons: LucideIcon[] = [Award, Database, KeyRound, CreditCard, Server, EyeOff, Siren];

export default function SecurityRoute() {
  const { t } = useI18n();
  const copy = t.security;
  return (
    <InfoPageLayout page="security" title={copy.heading} subtitle={copy.subtitle}>
      <div className="grid gap-5 md:grid-cols-2">
        {copy.sections.map((section, index) => {
          const Icon = icons[index] ?? Award;
          return (
            <section
              key={section.title}
              aria-labelledby={`security-${index}`}
              className="rounded-2xl border border-cream-300/70 bg-white p-6 shadow-sm"
            >
              <h2
                id={`security-${index}`}
                className="flex items-center gap-3 text-lg font-semibold text-navy-900"
              >
                <span className="inline-flex size-10 items-center justify-center rounded-xl bg-gold-100 text-gold-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {section.title}
              </h2>
              <ul className="mt-4 list-disc space-y-2 pl-5 text-navy-800">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <Button asChild variant="outline" size="lg" className="mt-10">
        <Link to={paths.privacyPolicy}>
          {copy.privacyLink}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </InfoPageLayout>
  );
}
