import type { Language } from '../language.js';
import type { AccessProblem, AccountSummary } from './account-summary.js';

const day = (iso: string | null, language: Language) =>
  iso
    ? new Date(iso).toLocaleDateString(language === 'es' ? 'es-US' : 'en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      })
    : language === 'es'
      ? 'sin fecha'
      : 'no date';

const VIA: Record<Language, Record<string, string>> = {
  es: {
    purchase: 'compra',
    subscription: 'suscripción',
    trial: 'prueba gratuita',
    admin: 'concedido por el equipo',
  },
  en: {
    purchase: 'purchase',
    subscription: 'subscription',
    trial: 'free trial',
    admin: 'granted by staff',
  },
};

const PAYMENT_STATUS: Record<Language, Record<string, string>> = {
  es: {
    succeeded: 'pagado',
    failed: 'fallido',
    refunded: 'reembolsado',
    partially_refunded: 'reembolsado en parte',
    disputed: 'en disputa',
  },
  en: {
    succeeded: 'paid',
    failed: 'failed',
    refunded: 'refunded',
    partially_refunded: 'partly refunded',
    disputed: 'disputed',
  },
};

/** One sentence per problem, for the answer and for the prompt. */
export function explainProblem(problem: AccessProblem, language: Language): string {
  const es = language === 'es';
  switch (problem.kind) {
    case 'paid_no_access':
      return es
        ? `Registramos tu pago de "${problem.description}" (${day(problem.paidAt, language)}), pero el acceso todavía no aparece activo en tu cuenta.`
        : `We recorded your payment for "${problem.description}" (${day(problem.paidAt, language)}), but the access is not active on your account yet.`;
    case 'payment_failed':
      return es
        ? `Tu pago de "${problem.description}" del ${day(problem.at, language)} no se completó (${problem.code}${problem.message ? `: ${problem.message}` : ''}), por eso no se activó el acceso.`
        : `Your payment for "${problem.description}" on ${day(problem.at, language)} did not go through (${problem.code}${problem.message ? `: ${problem.message}` : ''}), so no access was activated.`;
    case 'refunded':
      return es
        ? `El pago de ${problem.name} fue reembolsado${problem.at ? ` el ${day(problem.at, language)}` : ''}; al reembolsarse, el acceso a esa herramienta se retiró.`
        : `The payment for ${problem.name} was refunded${problem.at ? ` on ${day(problem.at, language)}` : ''}; a refund removes access to that tool.`;
    case 'disputed':
      return es
        ? `El pago de ${problem.name} está en disputa con tu banco; el acceso queda suspendido hasta que se resuelva.`
        : `The payment for ${problem.name} is disputed with your bank; access is suspended until the dispute is settled.`;
    case 'revoked':
      return es
        ? `El acceso a ${problem.name} fue retirado por el equipo.`
        : `Access to ${problem.name} was removed by staff.`;
    case 'trial_ended':
      return es
        ? `Tu prueba gratuita de 3 días terminó el ${day(problem.at, language)}.`
        : `Your 3-day free trial ended on ${day(problem.at, language)}.`;
    case 'subscription_ended':
      return es
        ? `Tu suscripción terminó${problem.at ? ` el ${day(problem.at, language)}` : ''}${problem.reason === 'payment_failed' ? ' porque no se pudo cobrar la renovación' : ''}.`
        : `Your subscription ended${problem.at ? ` on ${day(problem.at, language)}` : ''}${problem.reason === 'payment_failed' ? ' because the renewal could not be charged' : ''}.`;
    case 'subscription_expired':
      return es
        ? `El periodo de tu suscripción venció el ${day(problem.at, language)} y no se ha renovado.`
        : `Your subscription period ended on ${day(problem.at, language)} and has not been renewed.`;
    case 'expired':
      return es
        ? `El acceso a ${problem.name} venció el ${day(problem.at, language)}.`
        : `Access to ${problem.name} expired on ${day(problem.at, language)}.`;
    case 'not_purchased':
      return es
        ? 'Tu cuenta todavía no tiene ninguna herramienta comprada, suscripción ni prueba activa.'
        : 'Your account has no purchased tool, subscription or active trial yet.';
  }
}

/** What the customer can use now, in one sentence. */
export function explainUsable(summary: AccountSummary, language: Language): string | null {
  const es = language === 'es';
  const all = summary.tools.find((t) => t.scope === 'all');
  if (all) {
    const via = VIA[language][all.via] ?? all.via;
    return all.until
      ? es
        ? `Tienes acceso a todas las herramientas (${via}) hasta el ${day(all.until, language)}.`
        : `You have access to every tool (${via}) until ${day(all.until, language)}.`
      : es
        ? `Tienes acceso a todas las herramientas (${via}), sin fecha de fin.`
        : `You have access to every tool (${via}), with no end date.`;
  }
  if (summary.tools.length === 0) return null;
  const names = summary.tools.map((t) => t.name).join(', ');
  return es ? `Tienes acceso de por vida a: ${names}.` : `You have lifetime access to: ${names}.`;
}

/**
 * The account as plain lines, for the model's prompt and the staff note of a chat ticket. Only
 * this customer's facts; no ids that would mean nothing to them.
 */
export function describeAccount(summary: AccountSummary, language: Language): string {
  const es = language === 'es';
  const lines: string[] = [];
  if (summary.name) lines.push(`${es ? 'Nombre' : 'Name'}: ${summary.name}`);
  lines.push(
    `${es ? 'Acceso actual' : 'Current access'}: ${
      explainUsable(summary, language) ?? (es ? 'ninguna herramienta utilizable' : 'no usable tool')
    }`,
  );
  for (const problem of summary.problems) {
    lines.push(`${es ? 'Problema' : 'Problem'}: ${explainProblem(problem, language)}`);
  }
  if (summary.subscription) {
    const s = summary.subscription;
    lines.push(
      `${es ? 'Suscripción' : 'Subscription'}: ${s.plan ?? '?'}, ${es ? 'estado' : 'status'} ${s.status ?? '?'}` +
        (s.currentPeriodEnd
          ? `, ${es ? 'periodo hasta' : 'period until'} ${day(s.currentPeriodEnd, language)}`
          : '') +
        (s.cancelAtPeriodEnd
          ? es
            ? ', se cancela al final del periodo'
            : ', cancels at period end'
          : '') +
        (s.endedAt ? `, ${es ? 'terminó' : 'ended'} ${day(s.endedAt, language)}` : ''),
    );
  }
  if (summary.trial) {
    lines.push(
      `${es ? 'Prueba gratuita' : 'Free trial'}: ${
        summary.trial.active ? (es ? 'activa hasta' : 'active until') : es ? 'terminó' : 'ended'
      } ${day(summary.trial.endsAt, language)}`,
    );
  }
  if (summary.payments.length === 0) lines.push(es ? 'Pagos: ninguno' : 'Payments: none');
  for (const p of summary.payments) {
    lines.push(
      `${es ? 'Pago' : 'Payment'}: ${day(p.at, language)} — ${p.description} — ${p.amount ?? '?'} ${p.currency} — ${
        PAYMENT_STATUS[language][p.status]
      }${p.failure ? ` (${p.failure.code}${p.failure.message ? `: ${p.failure.message}` : ''})` : ''}`,
    );
  }
  for (const t of summary.openTickets) {
    lines.push(
      `${es ? 'Ticket abierto' : 'Open ticket'}: #${t.ticketNumber} "${t.title}" (${t.status})`,
    );
  }
  return lines.join('\n');
}
