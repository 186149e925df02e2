import { brand } from '@mia/catalog';
import type { Mail } from '@mia/service-kit';
import type { Identity } from '../identity.js';
import { escapeHtml } from '@mia/service-kit';
import { linkUrl } from '../shared/link-tokens.js';

export interface VerificationMailInput {
  to: string;
  name: string;
  verifyUrl: string;
  token: string;
  validHours: number;
}

/** The link the mail carries; the web's /verify-email screen reads `?token=`. */
export const verifyEmailUrl = (publicOrigin: string, token: string): string =>
  linkUrl(publicOrigin, '/verify-email', token);

/** The mail that asks the user to confirm their address, in Spanish like the product. */
export function verificationMail({
  to,
  name,
  verifyUrl,
  token,
  validHours,
}: VerificationMailInput): Mail {
  const subject = `Confirma tu correo electrónico en ${brand.name}`;
  const validity = `${validHours} hora${validHours === 1 ? '' : 's'}`;
  const text = [
    `Hola, ${name}:`,
    '',
    `Gracias por crear tu cuenta de ${brand.name}. Para confirmar que este correo es tuyo, abre este enlace (válido durante ${validity} y una sola vez):`,
    '',
    verifyUrl,
    '',
    'Si no creaste esta cuenta, ignora este mensaje.',
    '',
    'Bendiciones,',
    `El equipo de ${brand.name}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="es">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
    <p>Hola, ${escapeHtml(name)}:</p>
    <p>Gracias por crear tu cuenta de ${escapeHtml(brand.name)}. Para confirmar que este correo es tuyo, usa este botón:</p>
    <p>
      <a href="${escapeHtml(verifyUrl)}"
         style="display: inline-block; padding: 10px 18px; background: #4f46e5; color: #ffffff;
                text-decoration: none; border-radius: 6px">Confirmar mi correo</a>
    </p>
    <p>El enlace es válido durante ${validity} y se puede usar una sola vez.</p>
    <p>Si no creaste esta cuenta, ignora este mensaje.</p>
    <p>Bendiciones,<br />El equipo de ${escapeHtml(brand.name)}</p>
  </body>
</html>
`;
  return { to, subject, text, html, meta: { verifyUrl, token } };
}

/** Mails a verification link for `token` to the user. */
export const sendVerificationMail = (
  identity: Pick<Identity, 'mailer' | 'config'>,
  user: { email: string; name: string },
  token: string,
) =>
  identity.mailer.send(
    verificationMail({
      to: user.email,
      name: user.name,
      verifyUrl: verifyEmailUrl(identity.config.PUBLIC_ORIGIN, token),
      token,
      validHours: identity.config.EMAIL_VERIFICATION_TTL_HOURS,
    }),
  );
