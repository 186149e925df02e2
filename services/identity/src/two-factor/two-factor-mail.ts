import { brand } from '@mia/catalog';
import { escapeHtml, type Mail } from '@mia/service-kit';
import type { Identity } from '../identity.js';

export type MailLocale = 'es' | 'en';

/** What happened to the account's second factor. */
export type TwoFactorChange = 'enabled' | 'disabled';

const texts = {
  es: {
    subject: {
      enabled: `Activaste la verificación en dos pasos en ${brand.name}`,
      disabled: `Desactivaste la verificación en dos pasos en ${brand.name}`,
    },
    greeting: (name: string) => `Hola, ${name}:`,
    body: {
      enabled:
        'La verificación en dos pasos está activa: cada inicio de sesión pedirá, además de la contraseña, el código de tu aplicación de autenticación. Guarda tus códigos de recuperación en un lugar seguro.',
      disabled:
        'La verificación en dos pasos está desactivada: para iniciar sesión basta ahora con la contraseña.',
    },
    notYou:
      'Si no fuiste tú, cambia tu contraseña de inmediato y escríbenos desde la página de soporte.',
    closing: ['Bendiciones,', `El equipo de ${brand.name}`],
  },
  en: {
    subject: {
      enabled: `You turned on two-step verification at ${brand.name}`,
      disabled: `You turned off two-step verification at ${brand.name}`,
    },
    greeting: (name: string) => `Hello ${name},`,
    body: {
      enabled:
        'Two-step verification is on: every sign-in will ask for the code from your authenticator app as well as your password. Keep your recovery codes somewhere safe.',
      disabled: 'Two-step verification is off: your password alone now signs you in.',
    },
    notYou:
      'If this was not you, change your password at once and write to us from the support page.',
    closing: ['Blessings,', `The ${brand.name} team`],
  },
} as const;

/** The notice to the owner whenever the second factor is turned on or off, in their language. */
export function twoFactorMail(
  locale: MailLocale,
  change: TwoFactorChange,
  to: { email: string; name: string },
): Mail {
  const t = texts[locale];
  const text = [t.greeting(to.name), '', t.body[change], '', t.notYou, '', ...t.closing, ''].join(
    '\n',
  );
  const html = `<!doctype html>
<html lang="${locale}">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
    <p>${escapeHtml(t.greeting(to.name))}</p>
    <p>${escapeHtml(t.body[change])}</p>
    <p>${escapeHtml(t.notYou)}</p>
    <p>${t.closing.map(escapeHtml).join('<br />')}</p>
  </body>
</html>
`;
  return {
    to: to.email,
    subject: t.subject[change],
    text,
    html,
    meta: { kind: `two-factor-${change}` },
  };
}

/** After the answer, like every identity mail: a slow mail server never holds up the user. */
export const mailTwoFactorChange = (
  identity: Pick<Identity, 'mailer' | 'background'>,
  locale: MailLocale,
  change: TwoFactorChange,
  to: { email: string; name: string },
) =>
  identity.background.run(`two-factor ${change} mail`, () =>
    identity.mailer.send(twoFactorMail(locale, change, to)),
  );
