import { brand } from '@mia/catalog';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { LogoMark } from './logo';

const linkClass =
  'inline-block rounded py-1 text-cream-100 underline-offset-4 hover:text-white hover:underline';

/** Footer links exactly as the spec lists them; /support appears twice on purpose. */
export function SiteFooter() {
  const { t, locale } = useI18n();
  const tagline = locale === 'en' ? brand.taglineEn : brand.tagline;
  const columns = [
    {
      heading: t.footer.product,
      links: [
        { to: paths.features, label: t.footer.features },
        { to: paths.userGuide, label: t.footer.userGuide },
        { to: paths.status, label: t.footer.status },
      ],
    },
    {
      heading: t.footer.help,
      links: [
        { to: paths.support, label: t.footer.supportCenter },
        { to: paths.support, label: t.footer.contactUs },
      ],
    },
    {
      heading: t.footer.legal,
      links: [
        { to: paths.privacyPolicy, label: t.footer.privacyPolicy },
        { to: paths.termsOfService, label: t.footer.termsOfService },
        { to: paths.security, label: t.footer.security },
      ],
    },
  ];

  return (
    <footer className="bg-navy-950 text-cream-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="space-y-3">
          <Link
            to={paths.home}
            className="inline-flex items-center gap-2.5 rounded-lg text-lg font-bold text-cream-50"
          >
            <LogoMark />
            {brand.name}
          </Link>
          <p className="text-sm text-cream-200">{tagline}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="mb-3 text-sm font-semibold tracking-wide text-gold-300 uppercase">
              {column.heading}
            </h2>
            <ul className="space-y-1 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-xs text-cream-200 sm:flex-row sm:justify-between sm:px-6">
          <p>{t.footer.rights(new Date().getFullYear(), brand.name)}</p>
          <p>{t.footer.noCardData}</p>
        </div>
      </div>
    </footer>
  );
}
