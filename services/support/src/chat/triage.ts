import type { ChatAnswer, ChatCategory, ChatSeverity } from '@mia/contracts';
import type { AccessProblem, AccountSummary } from '../customers/account-summary.js';
import { explainProblem, explainUsable } from '../customers/describe-account.js';
import type { HelpArticle } from '../knowledge/articles.js';
import type { KnowledgeBase } from '../knowledge/knowledge-base.js';
import { fold } from '../knowledge/text-terms.js';
import type { Language } from '../language.js';

/** What the chat answers: the spec's four fields, plus whether to offer a ticket. */
export interface ChatResult extends ChatAnswer {
  offerTicket: boolean;
}

export interface TriageInput {
  message: string;
  language: Language;
  /** The asking user's own account; null when support knows nothing of it yet. */
  account: AccountSummary | null;
  knowledge: KnowledgeBase;
}

interface Intent {
  id: string;
  matches(text: string): boolean;
  category: ChatCategory;
  severity: ChatSeverity;
  articleId: string | null;
  /** Urgent or beyond what the help articles can fix: suggest a ticket. */
  offerTicket: boolean;
  /** Whether the account's access explains this kind of question. */
  aboutAccess: boolean;
  intro: Record<Language, string>;
}

const re = (pattern: string) => new RegExp(pattern);

// Patterns run on folded text (lower case, no accents).
const PAID = re(
  String.raw`\b(pague|pagu[eé]|he pagado|ya pague|pagado|compre|he comprado|ya compre|me cobraron|cobraron|paid|i paid|bought|purchased|was charged|got charged)\b`,
);
const NO_ACCESS = re(
  String.raw`(usar gpt|boton|button|no (me )?(veo|aparece|sale|funciona)|no puedo (usar|acceder|abrir|entrar a la herramienta)|sin acceso|no tengo acceso|can'?t (see|find|use|access|open)|cannot (see|find|use|access|open)|don'?t see|do not see|missing|no access|desaparec)`,
);

const intents: readonly Intent[] = [
  {
    id: 'security',
    matches: (t) =>
      /(hacke|alguien (entro|accedio|uso)|robaron|robo de cuenta|no reconozco|fraude|fraud|unauthori[sz]ed|stolen|someone (logged|got|broke) in)/.test(
        t,
      ),
    category: 'account',
    severity: 'critical',
    articleId: 'cuenta-y-privacidad',
    offerTicket: true,
    aboutAccess: false,
    intro: {
      es: 'Tomamos muy en serio cualquier acceso o cargo que no reconozcas.',
      en: 'We take any access or charge you do not recognise very seriously.',
    },
  },
  {
    id: 'double-charge',
    matches: (t) =>
      /((cobr|carg)\w* (dos veces|doble|duplicad)|doble (cobro|cargo)|cobro duplicado|cargo duplicado|charged twice|double charge|duplicate charge|charged two times)/.test(
        t,
      ),
    category: 'payment',
    severity: 'high',
    articleId: 'problemas-de-pago',
    offerTicket: true,
    aboutAccess: false,
    intro: {
      es: 'Un cargo duplicado siempre se revisa y, si se confirma, se devuelve.',
      en: 'A duplicate charge is always reviewed and, once confirmed, returned.',
    },
  },
  {
    id: 'paid-no-access',
    matches: (t) => PAID.test(t) && NO_ACCESS.test(t),
    category: 'access',
    severity: 'high',
    articleId: 'usar-gpt-no-visible',
    offerTicket: true,
    aboutAccess: true,
    intro: {
      es: 'Entiendo: pagaste y no puedes usar la herramienta. Esto lo tratamos con prioridad.',
      en: 'I understand: you paid and cannot use the tool. We treat this as a priority.',
    },
  },
  {
    id: 'refund',
    matches: (t) => /(reembols|devoluci|devuelv|devolver|refund|money back)/.test(t),
    category: 'payment',
    severity: 'medium',
    articleId: 'reembolsos',
    offerTicket: true,
    aboutAccess: false,
    intro: {
      es: 'Sobre reembolsos:',
      en: 'About refunds:',
    },
  },
  {
    id: 'payment-failed',
    matches: (t) =>
      /(rechaz|declin|fondos insuficientes|insufficient funds|pago (fallid|no (paso|funciono|se completo))|no (pasa|paso) (el|mi) pago|payment (failed|didn'?t go through|did not go through)|tarjeta|card|no puedo pagar|can'?t pay|cannot pay)/.test(
        t,
      ),
    category: 'payment',
    severity: 'medium',
    articleId: 'problemas-de-pago',
    offerTicket: false,
    aboutAccess: true,
    intro: {
      es: 'Veamos qué pasó con el pago.',
      en: "Let's see what happened with the payment.",
    },
  },
  {
    id: 'access',
    matches: (t) =>
      NO_ACCESS.test(t) ||
      /(acceso|acceder|access|usar la herramienta|use the tool|herramienta|tool)/.test(t),
    category: 'access',
    severity: 'medium',
    articleId: 'usar-gpt-no-visible',
    offerTicket: false,
    aboutAccess: true,
    intro: {
      es: 'Revisemos tu acceso a las herramientas.',
      en: "Let's check your access to the tools.",
    },
  },
  {
    id: 'mia-code',
    matches: (t) => /(codigo|mia code|access code|\bcode\b|\bpin\b)/.test(t),
    category: 'access',
    severity: 'low',
    articleId: 'codigo-mia',
    offerTicket: false,
    aboutAccess: false,
    intro: {
      es: 'Sobre tu código MIA:',
      en: 'About your MIA code:',
    },
  },
  {
    id: 'sign-in-blocked',
    matches: (t) =>
      /(no puedo (entrar|iniciar|acceder a mi cuenta|ingresar)|no me deja (entrar|iniciar)|can'?t (log|sign) ?in|cannot (log|sign) ?in|locked out|bloquead)/.test(
        t,
      ),
    category: 'account',
    severity: 'medium',
    articleId: 'inicio-de-sesion',
    offerTicket: false,
    aboutAccess: false,
    intro: {
      es: 'Vamos a recuperar el acceso a tu cuenta.',
      en: "Let's get you back into your account.",
    },
  },
  {
    id: 'password',
    matches: (t) =>
      /(contrasena|password|olvide|forgot|restablec|\breset\b|iniciar sesion|sign in|log ?in)/.test(
        t,
      ),
    category: 'account',
    severity: 'low',
    articleId: 'inicio-de-sesion',
    offerTicket: false,
    aboutAccess: false,
    intro: {
      es: 'Sobre tu contraseña y el inicio de sesión:',
      en: 'About your password and signing in:',
    },
  },
  {
    id: 'trial',
    matches: (t) => /(prueba|trial)/.test(t),
    category: 'general',
    severity: 'low',
    articleId: 'prueba-gratuita',
    offerTicket: false,
    aboutAccess: true,
    intro: { es: 'Sobre la prueba gratuita:', en: 'About the free trial:' },
  },
  {
    id: 'plans',
    matches: (t) =>
      /(precio|plan|suscrip|mensual|anual|cuanto cuesta|cuesta|price|subscri|monthly|annual|yearly|how much|cost)/.test(
        t,
      ),
    category: 'general',
    severity: 'low',
    articleId: 'planes-y-precios',
    offerTicket: false,
    aboutAccess: false,
    intro: { es: 'Sobre planes y precios:', en: 'About plans and prices:' },
  },
  {
    id: 'technical',
    matches: (t) =>
      /(error|no carga|no abre|no se abre|pagina|lento|falla|bug|crash|en blanco|blank|not load|doesn'?t (load|work|open)|won'?t (load|open)|broken|pestana|\btab\b|popup|emergente)/.test(
        t,
      ),
    category: 'technical',
    severity: 'medium',
    articleId: 'abrir-herramientas',
    offerTicket: false,
    aboutAccess: false,
    intro: {
      es: 'Veamos el problema técnico.',
      en: "Let's look at the technical problem.",
    },
  },
  {
    id: 'account',
    matches: (t) =>
      /(cuenta|account|datos|privacidad|privacy|borrar|eliminar|delete|nombre|correo|e-?mail)/.test(
        t,
      ),
    category: 'account',
    severity: 'low',
    articleId: 'cuenta-y-privacidad',
    offerTicket: false,
    aboutAccess: false,
    intro: { es: 'Sobre tu cuenta:', en: 'About your account:' },
  },
  {
    id: 'human',
    matches: (t) =>
      /(humano|una persona|agente|hablar con|ticket|soporte tecnico|human|agent|real person|talk to|speak to)/.test(
        t,
      ),
    category: 'general',
    severity: 'medium',
    articleId: null,
    offerTicket: true,
    aboutAccess: false,
    intro: {
      es: 'Claro, el equipo de soporte puede revisarlo personalmente.',
      en: 'Of course, the support team can look at it personally.',
    },
  },
];

const RANK: Record<ChatSeverity, number> = { low: 0, medium: 1, high: 2, critical: 3 };
const atLeast = (a: ChatSeverity, b: ChatSeverity) => (RANK[a] >= RANK[b] ? a : b);

const OFFER: Record<Language, string> = {
  es: 'Si quieres, puedo abrir un ticket de soporte con esta conversación para que el equipo lo revise.',
  en: 'If you like, I can open a support ticket with this conversation so the team can review it.',
};

const FALLBACK_STEPS: Record<Language, string[]> = {
  es: [
    'Cuéntame con más detalle qué intentabas hacer y qué viste en pantalla.',
    'Si prefieres que lo revise una persona, puedo abrir un ticket de soporte.',
  ],
  en: [
    'Tell me in more detail what you were trying to do and what you saw on screen.',
    'If you would rather have a person look at it, I can open a support ticket.',
  ],
};

/** Steps that fix a specific account problem, before the article's general ones. */
function problemSteps(problem: AccessProblem, language: Language): string[] {
  const es = language === 'es';
  switch (problem.kind) {
    case 'paid_no_access':
      return [
        es
          ? 'Cierra sesión y vuelve a entrar para refrescar tu acceso.'
          : 'Sign out and back in to refresh your access.',
        es
          ? 'Si el botón "Usar" sigue sin aparecer, acepta abrir un ticket: lo revisamos con prioridad.'
          : 'If the "Usar" button is still missing, agree to open a ticket: we review it first.',
      ];
    case 'payment_failed':
      return [
        es
          ? 'Vuelve a intentar la compra con otra tarjeta o consulta a tu banco.'
          : 'Try the purchase again with another card, or check with your bank.',
      ];
    case 'refunded':
      return [
        es
          ? 'Si quieres volver a usar la herramienta, cómprala de nuevo desde tu panel.'
          : 'To use the tool again, buy it again from your dashboard.',
      ];
    case 'trial_ended':
    case 'subscription_ended':
    case 'subscription_expired':
    case 'expired':
    case 'not_purchased':
      return [
        es
          ? 'Compra la herramienta que necesitas (9.99 USD, de por vida) o elige el plan mensual o anual.'
          : 'Buy the tool you need (9.99 USD, lifetime) or choose the monthly or annual plan.',
      ];
    case 'disputed':
    case 'revoked':
      return [
        es
          ? 'Abre un ticket si crees que es un error; lo revisamos contigo.'
          : 'Open a ticket if you think this is a mistake; we review it with you.',
      ];
  }
}

const firstSentences = (text: string, count: number) =>
  (text.match(/[^.!?]+[.!?]+/g) ?? [text]).slice(0, count).join('').trim();

/**
 * The built-in answer: keyword rules pick the intent (category and severity by impact), the
 * help articles give the explanation and the steps, and the asking user's own account says
 * why a tool is or is not usable. Same shape as the model's answer, in the user's language.
 */
export function triage({ message, language, account, knowledge }: TriageInput): ChatResult {
  const text = fold(message);
  const intent = intents.find((i) => i.matches(text));
  // The rule's own article when it has one; full-text search only when no rule knows.
  const article: HelpArticle | undefined =
    (intent?.articleId ? knowledge.byId(intent.articleId) : undefined) ??
    (intent ? undefined : knowledge.search(message, language, 1)[0]?.article);

  let category: ChatCategory = intent?.category ?? article?.category ?? 'general';
  let severity: ChatSeverity = intent?.severity ?? 'low';
  let offerTicket = intent?.offerTicket ?? !article;
  const paragraphs: string[] = [];
  const steps: string[] = [];
  if (intent) paragraphs.push(intent.intro[language]);

  // The account explains access questions (and any question, when the user paid for nothing
  // to show): what they can use, or exactly why not.
  const top = account?.problems[0];
  if (account && (intent?.aboutAccess || top?.kind === 'paid_no_access')) {
    const usable = explainUsable(account, language);
    if (top && (account.usable !== 'all' || top.kind === 'paid_no_access')) {
      paragraphs.push(explainProblem(top, language));
      steps.push(...problemSteps(top, language));
      if (top.kind === 'paid_no_access') {
        // No access after paying is the case that hurts most.
        severity = atLeast(severity, 'high');
        offerTicket = true;
        if (category !== 'payment') category = 'access';
      } else if (top.kind === 'payment_failed') {
        category = intent?.id === 'access' ? 'access' : 'payment';
      }
      if (usable) paragraphs.push(usable);
    } else if (usable) {
      paragraphs.push(usable);
      if (intent?.id === 'paid-no-access' || intent?.id === 'access') {
        paragraphs.push(
          language === 'es'
            ? 'Como tu acceso está activo, el botón "Usar" debería aparecer en tu panel; prueba los pasos siguientes.'
            : 'Since your access is active, the "Usar" button should show on your dashboard; try the steps below.',
        );
        // Access is there: the urgency of "paid and nothing" does not apply.
        if (intent.id === 'paid-no-access') severity = 'medium';
        offerTicket = intent.id === 'paid-no-access';
      }
    }
  }

  if (article) {
    paragraphs.push(firstSentences(article[language].body, 3));
    steps.push(...article[language].steps);
  } else {
    paragraphs.push(
      language === 'es'
        ? 'No encontré una respuesta exacta en nuestra ayuda para tu consulta.'
        : 'I could not find an exact answer to your question in our help articles.',
    );
    steps.push(...FALLBACK_STEPS[language]);
  }
  if (offerTicket) paragraphs.push(OFFER[language]);

  return {
    response: paragraphs.join('\n\n'),
    severity,
    category,
    nextSteps: [...new Set(steps)].slice(0, 5),
    offerTicket,
  };
}
