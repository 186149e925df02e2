import { brand } from '@mia/catalog';
import { escapeHtml, type Mail } from '@mia/service-kit';

export type ExportMailLocale = 'es' | 'en';

const texts = {
  es: {
    subject: `Tu copia de datos de ${brand.name} está lista`,
    greeting: (name: string) => `Hola, ${name}:`,
    ready:
      'La copia de todos los datos que guardamos sobre ti (cuenta, compras, accesos, soporte) está lista.',
    button: 'Descargar mis datos',
    validity:
      'El enlace funciona una sola vez, durante 24 horas, y solo con tu sesión iniciada. Después tendrás que pedir otra copia.',
    notYou:
      'Si no pediste esta copia, cambia tu contraseña y escríbenos desde la página de soporte.',
    closing: ['Bendiciones,', `El equipo de ${brand.name}`],
  },
  en: {
    subject: `Your ${brand.name} data export is ready`,
    greeting: (name: string) => `Hello ${name},`,
    ready:
      'The copy of all the data we keep about you (account, purchases, access, support) is ready.',
    button: 'Download my data',
    validity:
      'The link works once, for 24 hours, and only while you are signed in. After that, ask for a new copy.',
    notYou:
      'If you did not ask for this copy, change your password and write to us from the support page.',
    closing: ['Blessings,', `The ${brand.name} team`],
  },
} as const;

/** The mail that tells the owner their export can be downloaded. */
export function exportReadyMail(
  locale: ExportMailLocale,
  to: { email: string; name: string },
  downloadUrl: string,
): Mail {
  const t = texts[locale];
  const text = [
    t.greeting(to.name),
    '',
    t.ready,
    '',
    downloadUrl,
    '',
    t.validity,
    '',
    t.notYou,
    '',
    ...t.closing,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="${locale}">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
    <p>${escapeHtml(t.greeting(to.name))}</p>
    <p>${escapeHtml(t.ready)}</p>
    <p>
      <a href="${escapeHtml(downloadUrl)}"
         style="display: inline-block; padding: 10px 18px; background: #4f46e5; color: #ffffff;
                text-decoration: none; border-radius: 6px">${escapeHtml(t.button)}</a>
    </p>
    <p>${escapeHtml(t.validity)}</p>
    <p>${escapeHtml(t.notYou)}</p>
    <p>${t.closing.map(escapeHtml).join('<br />')}</p>
  </body>
</html>
`;
  return {
    to: to.email,
    subject: t.subject,
    text,
    html,
    meta: { kind: 'account-export-ready', downloadUrl },
  };
}

/** Where the owner downloads an export (the download checks the session). */
export const exportDownloadUrl = (origin: string, exportId: string) =>
  `${origin.replace(/\/$/, '')}/api/account/export/${exportId}`;
