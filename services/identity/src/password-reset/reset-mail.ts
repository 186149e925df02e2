import { brand } from '@mia/catalog';
import type { Mail } from '@mia/service-kit';
import { escapeHtml } from '@mia/service-kit';

export interface ResetMailInput {
  to: string;
  name: string;
  resetUrl: string;
  token: string;
  validMinutes: number;
}

/** The password-reset mail, in Spanish like the product. */
export function resetMail({ to, name, resetUrl, token, validMinutes }: ResetMailInput): Mail {
  const subject = `Restablece tu contraseña de ${brand.name}`;
  const validity =
    validMinutes % 60 === 0 && validMinutes >= 60
      ? `${validMinutes / 60} hora${validMinutes === 60 ? '' : 's'}`
      : `${validMinutes} minutos`;
  const text = [
    `Hola, ${name}:`,
    '',
    `Recibimos una solicitud para restablecer la contraseña de tu cuenta de ${brand.name}.`,
    `Para elegir una contraseña nueva, abre este enlace (válido durante ${validity} y una sola vez):`,
    '',
    resetUrl,
    '',
    'Si no solicitaste este cambio, ignora este mensaje: tu contraseña actual sigue siendo válida.',
    '',
    'Bendiciones,',
    `El equipo de ${brand.name}`,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="es">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
    <p>Hola, ${escapeHtml(name)}:</p>
    <p>Recibimos una solicitud para restablecer la contraseña de tu cuenta de ${escapeHtml(brand.name)}.</p>
    <p>
      <a href="${escapeHtml(resetUrl)}"
         style="display: inline-block; padding: 10px 18px; background: #4f46e5; color: #ffffff;
                text-decoration: none; border-radius: 6px">Elegir una contraseña nueva</a>
    </p>
    <p>El enlace es válido durante ${validity} y se puede usar una sola vez.</p>
    <p>Si no solicitaste este cambio, ignora este mensaje: tu contraseña actual sigue siendo válida.</p>
    <p>Bendiciones,<br />El equipo de ${escapeHtml(brand.name)}</p>
  </body>
</html>
`;
  return { to, subject, text, html, meta: { resetUrl, token } };
}
