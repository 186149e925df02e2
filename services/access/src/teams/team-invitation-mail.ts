import { brand } from '@mia/catalog';
import { escapeHtml, type Mail } from '@mia/service-kit';

export type MailLanguage = 'es' | 'en';

export interface TeamInvitationMailInput {
  to: string;
  language: MailLanguage;
  inviterName: string;
  teamName: string;
  /** `${PUBLIC_ORIGIN}/equipo/invitacion?token=…` */
  link: string;
  expiresAt: string;
}

const day = (at: string, language: MailLanguage) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'es-ES', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(at));

const COPY = {
  es: {
    subject: (team: string) => `Te invitan al equipo ${team} en ${brand.name}`,
    hello: 'Hola:',
    body: (inviter: string, team: string) =>
      `${inviter} te invita a ocupar una plaza en el plan de ${team}: podrás usar todas las herramientas mientras estés en el equipo.`,
    how: 'Entra (o crea tu cuenta) con esta misma dirección de correo y acepta la invitación:',
    button: 'Aceptar la invitación',
    expires: (date: string) => `El enlace sirve una sola vez y caduca el ${date}.`,
    ignore: 'Si no esperabas esta invitación, ignora este correo.',
    bye: ['Bendiciones,', `El equipo de ${brand.name}`],
  },
  en: {
    subject: (team: string) => `You are invited to ${team}'s team on ${brand.name}`,
    hello: 'Hello,',
    body: (inviter: string, team: string) =>
      `${inviter} invites you to take a seat on ${team}'s plan: you may use every tool while you are on the team.`,
    how: 'Sign in (or create your account) with this same e-mail address and accept the invitation:',
    button: 'Accept the invitation',
    expires: (date: string) => `The link works once and expires on ${date}.`,
    ignore: 'If you were not expecting this invitation, ignore this e-mail.',
    bye: ['Blessings,', `The ${brand.name} team`],
  },
} as const;

/** The invitation to a church's team, in the inviter's language. */
export function teamInvitationMail(input: TeamInvitationMailInput): Omit<Mail, 'meta'> {
  const copy = COPY[input.language];
  const lines = [copy.hello, copy.body(input.inviterName, input.teamName), copy.how];
  const expires = copy.expires(day(input.expiresAt, input.language));
  const text = [...lines, input.link, expires, copy.ignore, '', ...copy.bye, ''].join('\n\n');
  const html = `<!doctype html>
<html lang="${input.language}">
  <body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
    ${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n    ')}
    <p><a href="${escapeHtml(input.link)}">${escapeHtml(copy.button)}</a></p>
    <p>${escapeHtml(expires)}</p>
    <p style="font-size: 12px; color: #6b7280">${escapeHtml(copy.ignore)}</p>
    <p>${copy.bye.map(escapeHtml).join('<br>')}</p>
  </body>
</html>`;
  return { to: input.to, subject: copy.subject(input.teamName), text, html };
}
