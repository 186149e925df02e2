/** The second factor (sign-in step, Account Settings) and the admin panel's roles (es). */
export const securityEs = {
  twoFactor: {
    signIn: {
      title: 'Verificación en dos pasos',
      description:
        'Escribe el código de 6 dígitos de tu aplicación de autenticación, o uno de tus códigos de recuperación.',
      code: 'Código',
      submit: 'Verificar',
      submitting: 'Verificando...',
      back: 'Volver a Iniciar Sesión',
      failed: 'No pudimos verificar el código',
    },
    settings: {
      title: 'Verificación en dos pasos',
      on: 'Activada: al iniciar sesión te pediremos el código de tu aplicación de autenticación.',
      off: 'Protege tu cuenta: además de la contraseña, te pediremos un código de tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator, 1Password...).',
      start: 'Activar la verificación en dos pasos',
      starting: 'Preparando...',
      scan: 'Añade esta cuenta en tu aplicación de autenticación: abre el enlace desde tu teléfono o escribe la clave a mano.',
      openInApp: 'Abrir en la aplicación de autenticación',
      secret: 'Clave',
      code: 'Código de 6 dígitos de la aplicación',
      enable: 'Activar',
      enabling: 'Activando...',
      cancel: 'Cancelar',
      recoveryTitle: 'Tus códigos de recuperación',
      recoveryHint:
        'Guárdalos en un lugar seguro: cada uno sirve una sola vez para entrar si pierdes tu teléfono. No los volveremos a mostrar.',
      recoveryDone: 'Ya los guardé',
      disable: 'Desactivar',
      disabling: 'Desactivando...',
      disableHint:
        'Para desactivarla, confirma tu contraseña y un código de la aplicación (o de recuperación).',
      password: 'Contraseña',
      enabled: 'Verificación en dos pasos activada',
      disabled: 'Verificación en dos pasos desactivada',
      failed: 'No pudimos cambiar la verificación en dos pasos',
    },
    codeFormat: 'Escribe los 6 dígitos de tu aplicación o un código de recuperación',
    errors: {
      invalid_code:
        'El código no es válido. Revisa el código actual de tu aplicación e inténtalo de nuevo.',
      code_already_used: 'Ese código ya se usó. Espera al siguiente código de tu aplicación.',
      second_factor_expired: 'Tu inicio de sesión caducó. Vuelve a iniciar sesión.',
      totp_setup_required: 'Empieza de nuevo la activación.',
      two_factor_already_enabled: 'La verificación en dos pasos ya está activada.',
      two_factor_not_enabled: 'La verificación en dos pasos no está activada.',
      wrong_password: 'Tu contraseña actual no es correcta.',
      rate_limited: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
    },
    adminRequired:
      'Para usar el panel de administración, activa primero la verificación en dos pasos en la Configuración de la cuenta.',
  },
  roles: {
    title: 'Roles y permisos',
    description:
      'Concede o retira el rol de administrador. Queda registrado quién lo hizo y por qué.',
    email: 'Correo de la cuenta',
    role: 'Rol',
    roleUser: 'Usuario',
    roleAdmin: 'Administrador',
    reason: 'Motivo',
    submit: 'Cambiar rol',
    submitting: 'Guardando...',
    changed: 'Rol actualizado',
    unchanged: 'El usuario ya tenía ese rol',
    failed: 'No pudimos cambiar el rol',
  },
};
