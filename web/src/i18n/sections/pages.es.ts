/** The public information pages: features, user guide, status, security, privacy, terms (es). */
export const pagesEs = {
  featuresPage: {
    heading: 'Todo lo que necesitas para tu ministerio',
    subtitle: (tools: number) =>
      `${tools} herramientas de inteligencia artificial pensadas para pastores y líderes, con una base bíblica sólida.`,
    benefits: [
      {
        title: 'Acceso Seguro',
        text: 'Tu cuenta está protegida con contraseña cifrada y sesiones seguras.',
      },
      {
        title: 'Acceso de por Vida',
        text: 'Paga una sola vez por herramienta y úsala para siempre, sin cuotas escondidas.',
      },
      {
        title: 'Especializado en Español',
        text: 'Herramientas creadas para el ministerio hispanohablante, con su lenguaje y su contexto.',
      },
      {
        title: 'Base Bíblica Sólida',
        text: 'Respuestas fundamentadas en las Escrituras, con referencias que puedes comprobar.',
      },
      {
        title: 'Enfoque Pastoral',
        text: 'Pensadas para la predicación, la enseñanza, el cuidado pastoral y las ceremonias.',
      },
      {
        title: 'Soporte Dedicado',
        text: 'Te ayudamos 24/7 con cualquier duda sobre tu cuenta o tus herramientas.',
      },
    ],
    toolsHeading: 'Nuestras Herramientas',
    toolsSubtitle: 'Cada herramienta es un GPT especializado. Esto es lo que incluye cada una:',
    securityBanner: {
      title: 'Tu seguridad es nuestra prioridad',
      text: 'Conexiones cifradas con TLS 1.3, datos protegidos con AES-256 y pagos procesados por un proveedor certificado PCI DSS. Nunca almacenamos los datos de tu tarjeta.',
    },
    cta: {
      title: '¿Listo para comenzar?',
      text: 'Elige la herramienta que necesitas o escríbenos si tienes preguntas.',
      pricing: 'Ver Precios',
      support: 'Contactar Soporte',
    },
  },
  userGuide: {
    heading: 'Guía de Usuario',
    subtitle: 'Todo lo que necesitas para empezar a usar tus herramientas de IA.',
    quickStart: {
      heading: 'Inicio rápido en 3 pasos',
      steps: [
        {
          title: 'Crea tu cuenta',
          text: 'Regístrate con tu nombre y un correo electrónico al que tengas acceso.',
        },
        {
          title: 'Compra acceso',
          text: 'Elige una herramienta o un plan y paga de forma segura.',
        },
        {
          title: 'Comienza desde tu panel',
          text: 'Abre tus herramientas desde el panel cuando quieras.',
        },
      ],
    },
    firstSteps: {
      heading: 'Primeros pasos',
      account: {
        title: 'Crea tu cuenta',
        steps: [
          'Haz clic en «Comenzar» en la página principal.',
          'Completa el formulario de registro.',
          'Usa un correo que revises: allí te enviamos los enlaces para restablecer tu contraseña.',
        ],
      },
      purchase: {
        title: 'Compra tu herramienta',
        steps: (price: string) => [
          `Elige el GPT que necesitas por ${price}.`,
          'Paga de forma segura a través de nuestro proveedor de pagos.',
          'Tu acceso es inmediato.',
        ],
      },
      use: {
        title: 'Usa tu herramienta',
        steps: [
          'Ve a tu Panel.',
          'Haz clic en «Usar» para abrir el GPT.',
          'Se abre en una pestaña nueva y quedas autenticado automáticamente.',
        ],
      },
    },
    guides: {
      heading: 'Guía de cada herramienta',
      subtitle: 'Ideas para tus primeras preguntas. Puedes copiarlas y adaptarlas.',
      examples: 'Ejemplos de preguntas',
    },
    tips: {
      heading: 'Consejos para mejores resultados',
      items: [
        'Sé específico: indica el pasaje, el público y la ocasión.',
        'Pide el formato que necesitas: bosquejo, estudio, devocional o guía de discusión.',
        'Continúa la conversación con preguntas de seguimiento para afinar la respuesta.',
        'Revisa siempre el contenido a la luz de las Escrituras antes de predicarlo o enseñarlo.',
      ],
    },
    help: {
      heading: '¿Necesitas ayuda?',
      text: 'Nuestro equipo de soporte está disponible 24/7.',
      supportCenter: 'Ir al Centro de Soporte',
      email: (address: string) => `Escríbenos a ${address}`,
    },
  },
  status: {
    heading: 'Estado del Servicio',
    allOperational: 'Todos los sistemas funcionan con normalidad',
    lastUpdated: (when: string) => `Última actualización: ${when}`,
    servicesHeading: 'Servicios',
    states: {
      operational: 'Operativo',
      maintenance: 'En mantenimiento',
      incident: 'Incidente',
    },
    services: {
      gptAccess: {
        name: 'Acceso a GPTs',
        description: 'Apertura de las herramientas desde el panel.',
      },
      authentication: {
        name: 'Autenticación',
        description: 'Inicio de sesión, registro y recuperación de contraseña.',
      },
      payments: {
        name: 'Procesamiento de Pagos',
        description: 'Compras únicas, suscripciones y pruebas gratuitas.',
      },
      website: {
        name: 'Sitio Web',
        description: 'Páginas públicas e información.',
      },
      dashboard: {
        name: 'Panel de Usuario',
        description: 'Tus herramientas, actividad e historial de pagos.',
      },
    },
    announcementsHeading: 'Anuncios',
    badges: {
      newFeature: 'Nueva Funcionalidad',
      comingSoon: 'Próximamente',
    },
    announcements: {
      supportAssistant: {
        title: 'Asistente de soporte con IA',
        description: 'Resuelve dudas de acceso, pagos y cuenta al instante, a cualquier hora.',
      },
      expandedCatalogue: {
        title: (tools: number) => `Catálogo de ${tools} herramientas`,
        description:
          'Nuevas herramientas de estudio bíblico, idiomas originales y formación práctica.',
      },
      notificationSettings: {
        title: 'Preferencias de notificación',
        description: 'Podrás elegir qué avisos recibir por correo electrónico.',
      },
    },
    availabilityHeading: 'Disponibilidad de herramientas',
    available: 'Disponible',
    metricsHeading: 'Métricas',
    metrics: {
      uptime: 'Tiempo de actividad',
      response: 'Tiempo de respuesta',
      payments: 'Pagos exitosos',
      underTwoSeconds: '< 2 s',
    },
    help: {
      heading: '¿Notas algún problema?',
      text: 'Avísanos y lo revisaremos de inmediato.',
      supportCenter: 'Ir al Centro de Soporte',
      email: (address: string) => `Escríbenos a ${address}`,
      subscribe: 'Suscribirme a las actualizaciones de estado',
      subscribeSubject: 'Suscripción a actualizaciones de estado',
    },
  },
  security: {
    heading: 'Seguridad',
    subtitle: 'Cómo protegemos tu cuenta, tus pagos y tus datos.',
    sections: [
      {
        title: 'Certificaciones y cumplimiento',
        items: [
          'Pagos procesados por un proveedor certificado PCI DSS.',
          'Prácticas de protección de datos preparadas para el RGPD (GDPR).',
        ],
      },
      {
        title: 'Protección de datos',
        items: [
          'Todas las conexiones van cifradas con TLS 1.3.',
          'Los datos almacenados se protegen con cifrado AES-256.',
          'Cada servicio accede solo a los datos que necesita.',
        ],
      },
      {
        title: 'Autenticación',
        items: [
          'Las contraseñas se guardan con un algoritmo de hash seguro, nunca en texto plano.',
          'Las sesiones usan cookies seguras que el navegador no expone al código de las páginas.',
          'Al cerrar sesión o cambiar la contraseña, las sesiones anteriores dejan de ser válidas.',
        ],
      },
      {
        title: 'Pagos',
        items: [
          'Los datos de tu tarjeta van directamente al proveedor de pagos.',
          'No almacenamos números de tarjeta en nuestros servidores.',
          'Confirmamos cada pago con el proveedor antes de conceder acceso.',
        ],
      },
      {
        title: 'Plataforma',
        items: [
          'Supervisión continua de los servicios y del tiempo de actividad.',
          'Copias de seguridad periódicas de la información.',
          'Actualizaciones de seguridad aplicadas con regularidad.',
        ],
      },
      {
        title: 'Privacidad',
        items: [
          'Usamos tus datos solo para prestarte el servicio.',
          'No vendemos tu información a terceros.',
        ],
      },
      {
        title: 'Respuesta a incidentes',
        items: [
          'Contamos con un procedimiento para detectar, contener y resolver incidentes.',
          'Si un incidente afecta tus datos, te avisaremos sin demora.',
          'Puedes reportar cualquier problema de seguridad a nuestro equipo de soporte.',
        ],
      },
    ],
    privacyLink: 'Lee nuestra Política de Privacidad',
  },
  privacy: {
    heading: 'Política de Privacidad',
    updated: 'Última actualización: noviembre de 2026',
    intro: (brand: string) =>
      `En ${brand} respetamos tu privacidad. Esta política explica qué datos recopilamos, cómo los usamos y qué derechos tienes.`,
    sections: [
      {
        title: '1. Información que recopilamos',
        body: [
          'Datos de cuenta: nombre, nombre de usuario y correo electrónico.',
          'Datos de uso: qué herramientas abres y cuántas veces, para mostrarte tu actividad.',
          'Datos de pago: el proveedor de pagos nos confirma el resultado de cada pago; no recibimos el número de tu tarjeta.',
        ],
      },
      {
        title: '2. Cómo usamos tu información',
        body: [
          'Para crear y mantener tu cuenta, darte acceso a las herramientas que compraste, atender tus solicitudes de soporte y enviarte avisos importantes sobre tu cuenta.',
        ],
      },
      {
        title: '3. Pagos',
        body: [
          'Los pagos los procesa un proveedor certificado PCI DSS. Los datos de tu tarjeta van directamente a ese proveedor y nunca se guardan en nuestros servidores.',
        ],
      },
      {
        title: '4. Con quién compartimos información',
        body: [
          'No vendemos ni alquilamos tus datos. Solo los compartimos con proveedores que nos ayudan a prestar el servicio (pagos, correo electrónico, alojamiento) y cuando la ley lo exige.',
        ],
      },
      {
        title: '5. Seguridad',
        body: [
          'Protegemos tus datos con conexiones cifradas TLS 1.3, cifrado AES-256 en reposo y acceso restringido a cada servicio.',
        ],
      },
      {
        title: '6. Cookies',
        body: [
          'Usamos una cookie de sesión para mantenerte conectado y guardamos tu idioma preferido en tu navegador. No usamos cookies publicitarias.',
        ],
      },
      {
        title: '7. Conservación de datos',
        body: [
          'Conservamos tus datos mientras tu cuenta esté activa y el tiempo que exija la ley para los registros de pago.',
        ],
      },
      {
        title: '8. Tus derechos',
        body: [
          'Puedes pedir acceso, corrección o eliminación de tus datos, y oponerte a ciertos usos. Nuestras prácticas están preparadas para el RGPD (GDPR). Respondemos a las solicitudes de privacidad en un plazo de 30 días.',
        ],
      },
      {
        title: '9. Menores de edad',
        body: [
          'El servicio está dirigido a personas de 18 años o más. No recopilamos a sabiendas datos de menores.',
        ],
      },
      {
        title: '10. Cambios y contacto',
        body: [
          'Si cambiamos esta política, publicaremos la nueva versión en esta página con su fecha.',
        ],
      },
    ],
    contact: (email: string) => `Para consultas de privacidad, escríbenos a ${email}.`,
  },
  terms: {
    heading: 'Términos de Servicio',
    updated: 'Última actualización: noviembre de 2026',
    intro: (brand: string) =>
      `Estos términos regulan el uso de ${brand}. Al crear una cuenta o usar el servicio, los aceptas.`,
    sections: (tools: number, price: string, monthly: string, annual: string, days: number) => [
      {
        title: '1. Aceptación de los términos',
        body: [
          'Al registrarte o usar la plataforma aceptas estos términos. Si no estás de acuerdo, no uses el servicio.',
        ],
      },
      {
        title: '2. Descripción del servicio',
        body: [
          `Ofrecemos acceso a ${tools} herramientas de inteligencia artificial (GPTs personalizados) para el estudio bíblico y el ministerio. Las herramientas se abren en un servicio de chatbot externo.`,
        ],
      },
      {
        title: '3. Elegibilidad',
        body: ['Debes tener al menos 18 años para crear una cuenta y usar el servicio.'],
      },
      {
        title: '4. Tu cuenta',
        body: [
          'Eres responsable de mantener la confidencialidad de tu contraseña y de toda la actividad de tu cuenta. Avísanos de inmediato si sospechas un uso no autorizado.',
        ],
      },
      {
        title: '5. Uso permitido',
        body: [
          'Solo los usuarios registrados que hayan pagado (o que tengan una prueba gratuita activa) pueden usar las herramientas, y solo para uso personal y ministerial.',
        ],
      },
      {
        title: '6. Usos prohibidos',
        body: [
          'Está prohibido compartir tus credenciales, revender el acceso, usar bots o medios automatizados, y cualquier abuso del servicio. Podemos suspender las cuentas que incumplan estas normas.',
        ],
      },
      {
        title: '7. Precios y pagos',
        body: [
          `Cada herramienta cuesta ${price} en un pago único con acceso de por vida. El plan mensual cuesta ${monthly} al mes y el plan anual ${annual} al año, con acceso a todas las herramientas. La prueba gratuita dura ${days} días. Todos los precios están en dólares estadounidenses (USD).`,
        ],
      },
      {
        title: '8. Reembolsos',
        body: [
          'Puedes solicitar un reembolso dentro de los 7 días siguientes a tu compra. Cada solicitud se evalúa caso por caso.',
        ],
      },
      {
        title: '9. Propiedad intelectual',
        body: [
          'La plataforma, su marca y sus herramientas nos pertenecen o tenemos licencia para usarlas. El contenido que generes con las herramientas es tuyo para tu ministerio.',
        ],
      },
      {
        title: '10. Contenido generado por IA',
        body: [
          'Las respuestas las genera inteligencia artificial y pueden contener errores. Revisa siempre el contenido a la luz de las Escrituras antes de usarlo.',
        ],
      },
      {
        title: '11. Limitación de responsabilidad',
        body: [
          'El servicio se ofrece «tal cual». En la medida en que la ley lo permita, no somos responsables de daños indirectos derivados de su uso.',
        ],
      },
      {
        title: '12. Cambios y terminación',
        body: [
          'Podemos actualizar estos términos y publicaremos la nueva versión en esta página. Puedes cerrar tu cuenta cuando quieras; podemos suspenderla si incumples estos términos.',
        ],
      },
      {
        title: '13. Ley aplicable',
        body: ['Estos términos se rigen por las leyes de Puerto Rico.'],
      },
    ],
    contact: (email: string) => `¿Preguntas sobre estos términos? Escríbenos a ${email}.`,
  },
};
