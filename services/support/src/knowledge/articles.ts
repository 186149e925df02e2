import type { ChatCategory } from '@mia/contracts';

/** One help article in both languages; the chat quotes it and takes its steps. */
export interface HelpArticle {
  id: string;
  category: ChatCategory;
  es: { title: string; body: string; steps: string[] };
  en: { title: string; body: string; steps: string[] };
  /** Extra search words (both languages) people use for this topic. */
  keywords: string[];
}

/**
 * The product's own help content (the support page's common questions and the rules in the
 * terms), kept here so the model and the built-in triage answer from the same facts.
 */
export const helpArticles: readonly HelpArticle[] = [
  {
    id: 'codigo-mia',
    category: 'access',
    es: {
      title: 'Tu código MIA: qué es y cómo usarlo',
      body:
        'Cada cuenta tiene un código de acceso personal, el código MIA. Lo ves en tu panel (Dashboard). ' +
        'Cuando abres una herramienta, el GPT te pide este código para comprobar que tienes acceso: cópialo desde el panel y pégalo en el chat del GPT. ' +
        'El código es solo tuyo; no lo compartas. Si crees que otra persona lo conoce, genera uno nuevo desde el panel: el anterior deja de funcionar.',
      steps: [
        'Inicia sesión y abre tu panel (Dashboard).',
        'Copia tu código MIA de la tarjeta de acceso.',
        'Abre la herramienta con el botón "Usar" y pega el código cuando el GPT te lo pida.',
        'Si el GPT rechaza el código, genera uno nuevo en el panel y vuelve a intentarlo.',
      ],
    },
    en: {
      title: 'Your MIA code: what it is and how to use it',
      body:
        'Every account has a personal access code, the MIA code, shown on your dashboard. ' +
        'When you open a tool, the GPT asks for this code to check that you have access: copy it from the dashboard and paste it into the GPT chat. ' +
        'The code is yours alone; do not share it. If someone else may know it, create a new one from the dashboard: the old one stops working.',
      steps: [
        'Sign in and open your dashboard.',
        'Copy your MIA code from the access card.',
        'Open the tool with the "Usar" button and paste the code when the GPT asks for it.',
        'If the GPT refuses the code, create a new one on the dashboard and try again.',
      ],
    },
    keywords: ['codigo', 'mia', 'code', 'clave', 'acceso', 'pin', 'verificar', 'verification'],
  },
  {
    id: 'usar-gpt-no-visible',
    category: 'access',
    es: {
      title: 'No veo el botón "Usar GPT"',
      body:
        'El botón "Usar" aparece junto a cada herramienta a la que tienes acceso. Si no lo ves, normalmente es por una de estas razones: ' +
        'no has comprado esa herramienta (verás "Comprar"), tu prueba gratuita de 3 días terminó, el pago fue reembolsado, ' +
        'el pago no se completó (tarjeta rechazada) o el pago está en disputa con tu banco. ' +
        'Si pagaste y el acceso no aparece después de unos minutos, abre un ticket con la fecha del pago: lo revisamos con prioridad.',
      steps: [
        'Recarga el panel (Dashboard) y comprueba en "Payment History" si el pago figura como "Paid".',
        'Cierra sesión y vuelve a entrar para refrescar tu acceso.',
        'Si el pago figura como "Failed", vuelve a comprar con otra tarjeta.',
        'Si el pago figura como "Paid" y sigues sin ver "Usar", abre un ticket de soporte.',
      ],
    },
    en: {
      title: 'I cannot see the "Usar GPT" button',
      body:
        'The "Usar" button appears next to each tool you have access to. If it is missing, it is usually because: ' +
        'you have not bought that tool (you will see "Comprar"), your 3-day free trial ended, the payment was refunded, ' +
        'the payment did not go through (card declined) or the payment is disputed with your bank. ' +
        'If you paid and the access does not show after a few minutes, open a ticket with the payment date: we handle it first.',
      steps: [
        'Reload the dashboard and check in "Payment History" whether the payment shows as "Paid".',
        'Sign out and back in to refresh your access.',
        'If the payment shows as "Failed", buy again with another card.',
        'If the payment shows as "Paid" and "Usar" is still missing, open a support ticket.',
      ],
    },
    keywords: [
      'usar',
      'boton',
      'button',
      'visible',
      'aparece',
      'veo',
      'acceder',
      'acceso',
      'access',
      'herramienta',
      'tool',
      'gpt',
      'desaparecio',
      'missing',
      'comprado',
    ],
  },
  {
    id: 'problemas-de-pago',
    category: 'payment',
    es: {
      title: 'Problemas con el pago',
      body:
        'Los pagos se procesan con un proveedor de pagos seguro; no guardamos datos de tarjetas. ' +
        'Si tu tarjeta fue rechazada (fondos insuficientes, tarjeta bloqueada o verificación fallida) no se hace ningún cargo y no se activa el acceso. ' +
        'Un cargo duplicado o que no reconoces se revisa siempre: abre un ticket con la fecha y el importe.',
      steps: [
        'Comprueba en tu panel, en "Payment History", el estado del pago.',
        'Si fue rechazado, revisa con tu banco o usa otra tarjeta.',
        'Si ves un cargo duplicado o desconocido, abre un ticket con la fecha y el importe.',
      ],
    },
    en: {
      title: 'Payment problems',
      body:
        'Payments go through a secure payment provider; we store no card data. ' +
        'If your card was declined (insufficient funds, blocked card or failed verification) nothing is charged and no access is activated. ' +
        'A duplicate or unrecognised charge is always reviewed: open a ticket with the date and the amount.',
      steps: [
        'Check the payment status in your dashboard under "Payment History".',
        'If it was declined, check with your bank or use another card.',
        'If you see a duplicate or unknown charge, open a ticket with the date and the amount.',
      ],
    },
    keywords: [
      'pago',
      'pagar',
      'payment',
      'pay',
      'tarjeta',
      'card',
      'rechazada',
      'declined',
      'cobro',
      'cargo',
      'charge',
      'fondos',
      'funds',
      'banco',
      'bank',
      'duplicado',
      'doble',
      'twice',
    ],
  },
  {
    id: 'reembolsos',
    category: 'payment',
    es: {
      title: 'Reembolsos (regla de 7 días)',
      body:
        'Puedes pedir un reembolso dentro de los 7 días siguientes a la compra; cada caso se evalúa individualmente. ' +
        'Cuando se reembolsa un pago, el acceso que ese pago dio se retira.',
      steps: [
        'Abre un ticket en la categoría "Pagos y facturación" indicando la herramienta y la fecha de compra.',
        'Explica brevemente el motivo; respondemos por correo.',
      ],
    },
    en: {
      title: 'Refunds (7-day rule)',
      body:
        'You can ask for a refund within 7 days of the purchase; each case is evaluated individually. ' +
        'When a payment is refunded, the access it gave is removed.',
      steps: [
        'Open a ticket in the "Payments and billing" category naming the tool and the purchase date.',
        'Briefly explain why; we answer by e-mail.',
      ],
    },
    keywords: [
      'reembolso',
      'refund',
      'devolucion',
      'devolver',
      'money back',
      'dinero',
      'cancelar compra',
    ],
  },
  {
    id: 'prueba-gratuita',
    category: 'general',
    es: {
      title: 'La prueba gratuita de 3 días',
      body:
        'La prueba gratuita da acceso a todas las herramientas durante 3 días, una vez por cuenta. Se activa desde "Prueba gratuita" (/start-trial). ' +
        'Al terminar, el acceso se detiene; para seguir, compra las herramientas que quieras o elige un plan.',
      steps: [
        'Inicia sesión y abre la página de prueba gratuita.',
        'Cuando termine, compra una herramienta (9.99 USD, de por vida) o elige el plan mensual o anual.',
      ],
    },
    en: {
      title: 'The 3-day free trial',
      body:
        'The free trial gives access to every tool for 3 days, once per account. Start it from "Free trial" (/start-trial). ' +
        'When it ends, access stops; to continue, buy the tools you want or choose a plan.',
      steps: [
        'Sign in and open the free-trial page.',
        'When it ends, buy a tool (9.99 USD, lifetime) or choose the monthly or annual plan.',
      ],
    },
    keywords: ['prueba', 'trial', 'gratis', 'free', 'gratuita', 'dias', 'days', 'termino', 'ended'],
  },
  {
    id: 'planes-y-precios',
    category: 'general',
    es: {
      title: 'Planes y precios',
      body:
        'Cada herramienta cuesta 9.99 USD en un único pago, con acceso de por vida. ' +
        'El plan mensual (20 USD al mes) y el plan anual (65 USD al año) dan acceso a todas las herramientas mientras la suscripción esté activa; se puede cancelar cuando quieras y el acceso sigue hasta el final del periodo pagado.',
      steps: [
        'Compara las herramientas en la página principal.',
        'Compra una herramienta con "Comprar Ahora" o elige un plan en la sección de precios.',
      ],
    },
    en: {
      title: 'Plans and prices',
      body:
        'Each tool costs 9.99 USD in a single payment, with lifetime access. ' +
        'The monthly plan (20 USD a month) and the annual plan (65 USD a year) give access to every tool while the subscription is active; cancel any time and access continues until the end of the paid period.',
      steps: [
        'Compare the tools on the home page.',
        'Buy a tool with "Comprar Ahora" or choose a plan in the pricing section.',
      ],
    },
    keywords: [
      'precio',
      'price',
      'plan',
      'mensual',
      'monthly',
      'anual',
      'annual',
      'suscripcion',
      'subscription',
      'costo',
      'cost',
      'cuanto',
      'how much',
      'cancelar',
      'cancel',
    ],
  },
  {
    id: 'inicio-de-sesion',
    category: 'account',
    es: {
      title: 'Iniciar sesión y restablecer la contraseña',
      body:
        'Inicia sesión con tu correo y tu contraseña. Si la olvidaste, usa "Forgot password?" en la pantalla de acceso: ' +
        'te enviamos un enlace para elegir una contraseña nueva (válido 60 minutos y de un solo uso; revisa también la carpeta de spam). ' +
        'La contraseña debe tener al menos 6 caracteres. Tras varios intentos fallidos el acceso se bloquea unos minutos.',
      steps: [
        'Abre la pantalla de acceso y pulsa "Forgot password?".',
        'Escribe tu correo y abre el enlace que te enviamos (revisa spam).',
        'Elige una contraseña nueva de al menos 6 caracteres e inicia sesión.',
      ],
    },
    en: {
      title: 'Signing in and resetting your password',
      body:
        'Sign in with your e-mail and password. If you forgot it, use "Forgot password?" on the sign-in screen: ' +
        'we send you a link to choose a new password (valid for 60 minutes and usable once; check your spam folder too). ' +
        'Passwords have at least 6 characters. After several failed attempts sign-in is blocked for a few minutes.',
      steps: [
        'Open the sign-in screen and click "Forgot password?".',
        'Enter your e-mail and open the link we send (check spam).',
        'Choose a new password of at least 6 characters and sign in.',
      ],
    },
    keywords: [
      'contrasena',
      'password',
      'login',
      'sesion',
      'entrar',
      'sign in',
      'olvide',
      'forgot',
      'restablecer',
      'reset',
      'cambiar',
      'change',
      'correo',
      'email',
      'cuenta',
      'account',
    ],
  },
  {
    id: 'abrir-herramientas',
    category: 'technical',
    es: {
      title: 'Cómo se abren las herramientas',
      body:
        'Las herramientas se abren desde tu panel con el botón "Usar", en una pestaña nueva del servicio de chat externo donde debes haber iniciado sesión. ' +
        'Si la pestaña no se abre, permite las ventanas emergentes para este sitio. Si la página no carga, prueba otro navegador, borra la caché y consulta la página de estado (/status).',
      steps: [
        'Permite ventanas emergentes para este sitio en tu navegador.',
        'Inicia sesión en el servicio de chat externo en otra pestaña.',
        'Vuelve a pulsar "Usar" en tu panel.',
        'Si sigue fallando, prueba otro navegador y revisa /status.',
      ],
    },
    en: {
      title: 'How tools open',
      body:
        'Tools open from your dashboard with the "Usar" button, in a new tab of the external chat service, where you must be signed in. ' +
        'If the tab does not open, allow pop-ups for this site. If the page does not load, try another browser, clear the cache and check the status page (/status).',
      steps: [
        'Allow pop-ups for this site in your browser.',
        'Sign in to the external chat service in another tab.',
        'Click "Usar" on your dashboard again.',
        'If it still fails, try another browser and check /status.',
      ],
    },
    keywords: [
      'abrir',
      'open',
      'pestana',
      'tab',
      'carga',
      'load',
      'error',
      'pagina',
      'page',
      'navegador',
      'browser',
      'lento',
      'slow',
      'falla',
      'fails',
      'blanco',
      'blank',
      'chatgpt',
    ],
  },
  {
    id: 'cuenta-y-privacidad',
    category: 'account',
    es: {
      title: 'Tu cuenta y tus datos',
      body:
        'Tu cuenta es personal: compartir credenciales, revender el acceso o usar bots está prohibido. ' +
        'Para cambiar tus datos, cerrar la cuenta o hacer una consulta de privacidad, abre un ticket en la categoría "Cuenta"; las consultas de privacidad se responden en un máximo de 30 días.',
      steps: [
        'Abre un ticket en la categoría "Cuenta" con lo que necesitas cambiar.',
        'Si crees que alguien entró en tu cuenta, cambia tu contraseña de inmediato y genera un código MIA nuevo.',
      ],
    },
    en: {
      title: 'Your account and your data',
      body:
        'Your account is personal: sharing credentials, reselling access or using bots is prohibited. ' +
        'To change your details, close the account or ask a privacy question, open a ticket in the "Account" category; privacy enquiries are answered within 30 days.',
      steps: [
        'Open a ticket in the "Account" category saying what you need changed.',
        'If you think someone got into your account, change your password at once and create a new MIA code.',
      ],
    },
    keywords: [
      'cuenta',
      'account',
      'datos',
      'data',
      'privacidad',
      'privacy',
      'borrar',
      'delete',
      'eliminar',
      'nombre',
      'name',
      'hackeo',
      'hacked',
      'compartir',
      'share',
    ],
  },
];
