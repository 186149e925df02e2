/** Tools connected by signing in (OAuth): the consent page and Account Settings' list (es). */
export const connectionsEs = {
  connections: {
    consent: {
      headTitle: 'Conectar una herramienta',
      headDescription: 'Autoriza a una herramienta a usar tu cuenta de Ministerio IA.',
      headKeywords: 'conectar, autorizar, herramienta, OAuth',
      title: 'Conectar una herramienta',
      loading: 'Cargando la solicitud...',
      wantsAccess: 'quiere conectarse a tu cuenta.',
      mayLabel: 'Podrá:',
      scopes: {
        'tools:use': 'comprobar tu acceso y contar tus usos',
        offline_access: 'seguir conectada hasta que revoques el acceso',
      },
      cannot: 'No podrá ver tu contraseña, tus pagos ni tus datos de tarjeta.',
      account: 'Cuenta',
      allow: 'Permitir',
      cancel: 'Cancelar',
      connecting: 'Conectando...',
      cancelling: 'Cancelando...',
      revokeHint:
        'Puedes revocar el acceso cuando quieras en Configuración de la cuenta, en «Aplicaciones conectadas».',
      signingIn: 'Primero inicia sesión...',
      failed: 'No pudimos completar la conexión',
      loadFailed: 'No pudimos cargar la solicitud de conexión.',
      retry: 'Reintentar',
      notFoundTitle: 'Esta solicitud ya no es válida',
      notFoundText:
        'La solicitud de conexión caducó o ya se usó. Vuelve a la herramienta y conéctala de nuevo.',
      toDashboard: 'Ir a mi panel',
    },
    apps: {
      heading: 'Aplicaciones conectadas',
      description:
        'Herramientas a las que diste acceso iniciando sesión. Si revocas una, tendrá que pedirte permiso de nuevo.',
      loadFailed: 'No se pudieron cargar tus aplicaciones conectadas.',
      empty: 'No has conectado ninguna aplicación.',
      connectedAt: 'Conectada el',
      lastUsedAt: 'Último uso',
      never: 'Nunca',
      revoke: 'Revocar',
      revokeLabel: (name: string) => `Revocar el acceso de ${name}`,
      revokeTitle: (name: string) => `¿Revocar el acceso de ${name}?`,
      revokeText:
        'Dejará de funcionar en unos segundos. Para volver a usarla tendrás que conectarla de nuevo.',
      revokeConfirm: 'Revocar acceso',
      revokeKeep: 'Mantener',
      revoked: 'Acceso revocado',
      revokeFailed: 'No se pudo revocar el acceso',
    },
    accessCodeNote:
      'Las herramientas que conectas iniciando sesión (OAuth) no necesitan este código: solo lo piden los chatbots que no admiten esa conexión.',
  },
};
