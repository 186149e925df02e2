import { Clock, Headphones, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useI18n } from '@/i18n';

export function Benefits() {
  const { t } = useI18n();
  const { benefits } = t.landing;
  const cards: { icon: LucideIcon; title: string; text: string }[] = [
    { icon: ShieldCheck, ...benefits.securePayments },
    { icon: Clock, ...benefits.instantAccess },
    { icon: Headphones, ...benefits.support },
  ];
  return (
    <section aria-labelledby="benefits-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <h2 id="benefits-title" className="sr-only">
        {benefits.heading}
      </h2>
      <ul className="grid gap-5 md:grid-cols-3">
        {cards.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-cream-300/70 bg-white p-6 shadow-sm">
            <span className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-gold-100 text-gold-700">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="text-lg font-semibold text-navy-900">{title}</h3>
            <p className="mt-2 text-navy-700">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
