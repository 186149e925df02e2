/** Dashboard, checkout, trial, access verification and admin texts (es). */
export const commerceEs = {
  dashboard: {
    welcome: (name: string) => `Bienvenido, ${name}`,
    support: 'Soporte',
    signOut: 'Cerrar Sesión',
    signingOut: 'Cerrando sesión...',
    intro: 'Desde aquí abrirás tus herramientas y verás tu actividad y tus pagos.',
  },
  placeholder: {
    soon: 'Esta sección estará disponible muy pronto.',
    toDashboard: 'Ir al Panel',
  },
  checkout: {
    heading: 'Pago',
    item: (name: string, price: string) => `${name}: ${price}`,
    cancel: 'Cancelar',
  },
  startTrial: {
    heading: 'Prueba gratuita',
  },
  verify: {
    heading: 'Verificar Acceso',
    subtitle: 'Comprueba si tu correo electrónico tiene acceso a un GPT.',
    email: 'Correo electrónico',
    product: 'GPT',
    productPlaceholder: 'Selecciona un GPT',
    submit: 'Verificar Acceso',
    submitting: 'Verificando...',
    required: 'Por favor, ingresa tu email y selecciona un producto.',
    denied: 'No tienes acceso a este GPT. Necesitas comprarlo primero.',
    networkError: 'Error al verificar acceso. Inténtalo de nuevo.',
    granted: '¡Acceso verificado! Puedes usar este GPT.',
    openGpt: 'Abrir el GPT',
    toDashboard: 'Ir al Panel',
    buy: 'Comprar Acceso',
    signIn: 'Iniciar Sesión',
    createAccount: 'Crear una cuenta',
    home: 'Volver al inicio',
    gptsHeading: 'GPTs disponibles',
  },
};
