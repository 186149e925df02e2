/**
 * The texts every page needs before its first render (the layout, the landing page, page titles,
 * toasts): the only part of the catalogue in the landing page's first download. Everything else is
 * a section under sections/, loaded with the route that shows it (see catalogue.ts).
 */
export const coreEs = {
  common: {
    skipToContent: 'Saltar al contenido',
    backToHome: 'Volver al inicio',
    loading: 'Cargando...',
    close: 'Cerrar',
    usd: 'USD',
    oneTimePayment: 'Pago único',
    contents: 'Contenido',
    newTab: '(se abre en una pestaña nueva)',
  },
  language: {
    label: 'Idioma',
    es: 'Español',
    en: 'English',
  },
  nav: {
    main: 'Navegación principal',
    home: (brand: string) => `${brand}, inicio`,
    pricing: 'Precios',
    features: 'Funcionalidades',
    support: 'Soporte',
    signIn: 'Iniciar Sesión',
    getStarted: 'Comenzar',
    dashboard: 'Panel',
    welcome: (name: string) => `Bienvenido, ${name}`,
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
  },
  footer: {
    product: 'Producto',
    help: 'Ayuda',
    legal: 'Legal',
    features: 'Funcionalidades',
    userGuide: 'Guía de Usuario',
    status: 'Estado del Servicio',
    supportCenter: 'Centro de Soporte',
    contactUs: 'Contáctanos',
    privacyPolicy: 'Política de Privacidad',
    termsOfService: 'Términos de Servicio',
    security: 'Seguridad',
    rights: (year: number, brand: string) => `© ${year} ${brand}. Todos los derechos reservados.`,
    noCardData: 'Pagos procesados por un proveedor certificado. No almacenamos datos de tarjetas.',
  },
  seo: {
    landing: {
      title: 'Herramientas de IA para tu ministerio',
      // Without the catalogue yet (null), the same promise without the figures.
      description: (tools: number | null, price: string | null) =>
        tools === null || price === null
          ? 'Asistentes de IA especializados para pastores, ministros y líderes de iglesia: sermones, estudios bíblicos, ceremonias y más, en español, con acceso de por vida.'
          : `${tools} asistentes de IA especializados para pastores, ministros y líderes de iglesia: sermones, estudios bíblicos, ceremonias y más, en español. Acceso de por vida por ${price}.`,
      keywords:
        'IA para pastores, GPT cristiano, generador de sermones, estudio bíblico, herramientas ministeriales, inteligencia artificial iglesia',
    },
    auth: {
      title: 'Iniciar sesión o crear cuenta',
      description:
        'Inicia sesión o crea tu cuenta para acceder a tus herramientas de IA para el ministerio.',
      keywords: 'iniciar sesión, crear cuenta, registro, recuperar contraseña',
    },
    verify: {
      title: 'Verificar acceso',
      description: 'Comprueba si tu correo electrónico tiene acceso a un GPT especializado.',
      keywords: 'verificar acceso, GPT, herramientas ministeriales',
    },
    features: {
      title: 'Funcionalidades',
      description: (tools: number | null) =>
        `Descubre ${tools === null ? 'las' : `las ${tools}`} herramientas de IA especializadas en estudio bíblico y ministerio, con acceso seguro y de por vida.`,
      keywords:
        'funcionalidades, GPT bíblico, comentario exegético, manual de ceremonias, diccionario bíblico',
    },
    userGuide: {
      title: 'Guía de Usuario',
      description:
        'Aprende a crear tu cuenta, comprar una herramienta y usar tus GPTs con ejemplos de preguntas y consejos prácticos.',
      keywords: 'guía de usuario, cómo usar, ejemplos de preguntas, primeros pasos',
    },
    status: {
      title: 'Estado del Servicio',
      description:
        'Estado actual de los servicios de la plataforma, anuncios y métricas de disponibilidad.',
      keywords: 'estado del servicio, disponibilidad, tiempo de actividad',
    },
    security: {
      title: 'Seguridad',
      description:
        'Cómo protegemos tu cuenta, tus pagos y tus datos: cifrado TLS 1.3 y AES-256, pagos PCI DSS y respuesta a incidentes.',
      keywords: 'seguridad, cifrado, PCI DSS, protección de datos, privacidad',
    },
    privacyPolicy: {
      title: 'Política de Privacidad',
      description:
        'Qué datos recopilamos, cómo los usamos y protegemos, y cómo ejercer tus derechos.',
      keywords: 'política de privacidad, protección de datos, derechos del usuario',
    },
    termsOfService: {
      title: 'Términos de Servicio',
      description:
        'Condiciones de uso de la plataforma: cuentas, pagos, reembolsos, usos prohibidos y ley aplicable.',
      keywords: 'términos de servicio, condiciones de uso, reembolsos',
    },
    checkout: {
      title: 'Pago',
      description: 'Completa tu compra de forma segura.',
      keywords: 'pago, compra',
    },
    startTrial: {
      title: 'Prueba gratuita',
      description: 'Activa tu prueba gratuita.',
      keywords: 'prueba gratuita',
    },
    verifyEmail: {
      title: 'Confirmar correo electrónico',
      description: 'Confirma la dirección de correo electrónico de tu cuenta.',
      keywords: 'confirmar correo, verificar correo electrónico',
    },
    teamNew: {
      title: 'Plan para tu iglesia',
      description: 'Todas las herramientas para el equipo de tu iglesia, de 2 a 200 personas.',
      keywords: 'plan de iglesia, equipo, asientos',
    },
    teamInvitation: {
      title: 'Invitación a un equipo',
      description: 'Únete al plan del equipo de tu iglesia.',
      keywords: 'invitación, equipo, iglesia',
    },
    giftNew: {
      title: 'Regalar',
      description: 'Regala una herramienta o un plan a tu pastor o a alguien de tu iglesia.',
      keywords: 'regalo, regalar herramienta, regalar plan',
    },
    giftClaim: {
      title: 'Canjear un regalo',
      description: 'Alguien te regaló una herramienta o un plan de Ministerio IA.',
      keywords: 'regalo, canjear',
    },
    dashboard: {
      title: 'Panel',
      description: 'Tus herramientas, tu actividad y tus pagos.',
      keywords: 'panel de usuario',
    },
    support: {
      title: 'Asistente de Soporte',
      description: 'Asistente de soporte con IA.',
      keywords: 'soporte',
    },
    supportTickets: {
      title: 'Centro de Soporte',
      description: 'Tus tickets de soporte.',
      keywords: 'tickets de soporte',
    },
    notFound: {
      title: 'Página no encontrada',
      description: 'La página que buscas no existe.',
      keywords: '404',
    },
  },
  landing: {
    hero: {
      eyebrow: 'Para pastores, ministros y líderes de iglesia',
      title: 'Herramientas de IA para fortalecer tu ministerio',
      subtitle: (tools: number | null) =>
        `${tools === null ? 'Asistentes' : `${tools} asistentes`} especializados en estudio bíblico, predicación y vida pastoral, en español y con acceso de por vida.`,
      viewPricing: 'Ver Precios',
      getStarted: 'Comenzar',
    },
    benefits: {
      heading: 'Por qué elegirnos',
      securePayments: {
        title: 'Pagos Seguros',
        text: 'Cada pago lo procesa un proveedor certificado PCI DSS. Nunca guardamos los datos de tu tarjeta.',
      },
      instantAccess: {
        title: 'Acceso Inmediato',
        text: 'Tu herramienta aparece en tu panel en cuanto se confirma el pago.',
      },
      support: {
        title: 'Soporte 24/7',
        text: 'Nuestro asistente de soporte y nuestro equipo te acompañan a cualquier hora.',
      },
    },
    products: {
      heading: 'Nuestras Herramientas',
      subtitle: (tools: number) =>
        `${tools} asistentes de IA para el estudio bíblico y el ministerio. Pago único, acceso de por vida.`,
      popular: 'Más Popular',
      buyNow: 'Comprar Ahora',
      buyNowLabel: (product: string) => `Comprar Ahora: ${product}`,
    },
    plans: {
      heading: 'Planes de Suscripción',
      subtitle: 'Todas las herramientas con un solo plan.',
      perMonth: '/mes',
      perYear: '/año',
      bestValue: 'Mejor Valor',
      savings: (amount: string, percent: number) =>
        `Ahorras ${amount} al año (${percent}% de descuento)`,
      monthlyEquivalent: (amount: string) => `Equivale a ${amount} al mes`,
      chooseMonthly: 'Elegir Plan Mensual',
      chooseAnnual: 'Elegir Plan Anual',
      giftLabel: (plan: string) => `Regalar el ${plan}`,
      gift: 'Regalar',
      churchTitle: '¿Equipas a tu iglesia?',
      churchText:
        'Un solo plan con todas las herramientas para tu equipo pastoral y tus líderes, de 2 a 200 personas. Tú invitas a cada uno por correo.',
      churchCta: 'Plan para iglesias',
    },
    trial: {
      title: (days: number) => `Prueba gratis durante ${days} días`,
      text: (days: number) =>
        `Accede a todas las herramientas durante ${days} días, sin costo. Descubre cómo pueden acompañar tu ministerio.`,
      cta: 'Comenzar Prueba Gratuita',
    },
  },
  notFound: {
    title: '404 Página no encontrada',
    hint: '¿Olvidaste agregar la página al enrutador?',
  },
  guard: {
    checking: 'Comprobando tu sesión...',
  },
  toasts: {
    region: 'Notificaciones',
    error: 'Error',
    loginFailed: 'Error al iniciar sesión',
    registrationFailed: 'Error en el registro',
    logoutFailed: 'Error al cerrar sesión',
    resetLinkSent: 'Enlace de restablecimiento enviado',
    resetFailed: 'Error al restablecer la contraseña',
    resetSuccess: 'Contraseña restablecida',
    resetSuccessText:
      'Tu contraseña se ha restablecido. Ya puedes iniciar sesión con tu nueva contraseña.',
  },
  testMode: {
    label: 'Aviso de modo de prueba',
    title: 'Modo de prueba',
    text: 'los pagos son simulados y no se cobra dinero real.',
  },
  // The catalogue is data (GET /api/catalog); these are the texts around it and the plans' copy.
  catalog: {
    loading: 'Cargando las herramientas...',
    loadFailed: 'No pudimos cargar las herramientas. Revisa tu conexión e inténtalo de nuevo.',
    retry: 'Reintentar',
    /** A tool price when the tools do not all cost the same. */
    fromPrice: (price: string) => `desde ${price}`,
    plans: {
      monthly: {
        name: 'Plan Mensual',
        description: 'Todas las herramientas por una cuota mensual. Cancela cuando quieras.',
        features: (tools: number) => [
          `Acceso a las ${tools} herramientas especializadas`,
          'Nuevas herramientas incluidas sin costo adicional',
          'Soporte prioritario 24/7',
          'Cancela cuando quieras',
        ],
      },
      annual: {
        name: 'Plan Anual',
        description: 'Todas las herramientas durante un año completo con el mayor ahorro.',
        features: (tools: number) => [
          `Acceso a las ${tools} herramientas especializadas`,
          'Nuevas herramientas incluidas sin costo adicional',
          'Soporte prioritario 24/7',
          'Un solo pago al año',
        ],
      },
    },
  },
};
