import { brand } from '@mia/catalog';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { cn } from '@/lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-9 shrink-0', className)}>
      <rect width="64" height="64" rx="14" fill="#16254a" />
      <path
        d="M32 12v40M20 24h24"
        stroke="#e8b64c"
        strokeWidth="6"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/** The brand, linking home. Every page carries it, so every page links back to '/'. */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { t } = useI18n();
  return (
    <Link
      to={paths.home}
      aria-label={t.nav.home(brand.name)}
      className={cn(
        'inline-flex items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight',
        tone === 'dark' ? 'text-navy-900' : 'text-cream-50',
      )}
    >
      <LogoMark />
      <span>{brand.name}</span>
    </Link>
  );
}
