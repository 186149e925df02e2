import { escapeHtml } from '@mia/service-kit';
import { brand, type CatalogLocale } from '@mia/catalog';

export type MailLocale = CatalogLocale;

/** A rendered mail, ready for the kit's mailer. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

// The kit's one escaping, re-exported for the templates that import it from here.
export { escapeHtml };

const dateLocales: Record<MailLocale, string> = { es: 'es-US', en: 'en-US' };

/** '24 de noviembre de 2026' / 'November 24, 2026' (UTC: the server has no reader's zone). */
export const formatDate = (iso: string, locale: MailLocale): string =>
  new Intl.DateTimeFormat(dateLocales[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );

const signature: Record<MailLocale, string> = {
  es: `El equipo de ${brand.name}\n${brand.supportEmail}`,
  en: `The ${brand.name} team\n${brand.supportEmail}`,
};

/** Text and HTML from the same lines: a greeting, paragraphs, label/value rows, the signature. */
export function composeMail(
  locale: MailLocale,
  subject: string,
  parts: { greeting: string; paragraphs: string[]; rows?: [string, string][] },
): MailContent {
  const rows = parts.rows ?? [];
  const text = [
    parts.greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(rows.length > 0 ? [...rows.map(([label, value]) => `${label}: ${value}`), ''] : []),
    signature[locale],
  ].join('\n');
  const table =
    rows.length > 0
      ? `<table cellpadding="4">${rows
          .map(
            ([label, value]) =>
              `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
          )
          .join('')}</table>`
      : '';
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family: sans-serif">`,
    `<p>${escapeHtml(parts.greeting)}</p>`,
    ...parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    table,
    `<p>${signature[locale].split('\n').map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
