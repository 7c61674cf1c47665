import type { Catalogue } from './en';

/** Issue 34: Spanish, a first version for a native speaker's review (docs/translations.md). */
const es: Catalogue = {
  'twoFactor.title': 'Inicio de sesión en dos pasos',
  'twoFactor.required.title': 'Configure el inicio de sesión en dos pasos',
  'twoFactor.required.text':
    'Los administradores inician sesión con un segundo factor. Configúrelo para usar las pantallas de administración.',
  'twoFactor.statusFailed': 'No se pudo cargar su configuración de inicio de sesión.',
  'twoFactor.on': 'El inicio de sesión en dos pasos está activado.',
  'twoFactor.codesLeft': 'Códigos de recuperación restantes: {count}',
  'twoFactor.lost':
    '¿Perdió su teléfono o su llave de acceso? Inicie sesión con un código de recuperación. Solo otro administrador puede restablecer su inicio de sesión en dos pasos; se le avisará por correo electrónico.',
  'twoFactor.totp.on': 'Aplicación de autenticación: activada.',
  'twoFactor.totp.intro':
    'Inicie sesión con su contraseña y un código de 6 dígitos de una aplicación de autenticación (como Google Authenticator, Microsoft Authenticator o 1Password).',
  'twoFactor.totp.setUp': 'Configurar la aplicación de autenticación',
  'twoFactor.totp.scan': '1. Escanee este código QR con su aplicación de autenticación.',
  'twoFactor.totp.qr': 'Código QR para su aplicación de autenticación',
  'twoFactor.totp.manual': '¿No puede escanearlo? Escriba esta clave en la aplicación: {key}',
  'twoFactor.totp.code': '2. Escriba el código de 6 dígitos que muestra la aplicación',
  'twoFactor.totp.turnOn': 'Activar',
  'twoFactor.totp.enableFailed': 'No se pudo activar.',
  'twoFactor.totp.setupFailed': 'No se pudo iniciar la configuración.',
  'twoFactor.codes.title': 'Guarde sus códigos de recuperación',
  'twoFactor.codes.text':
    'Cada código le permite iniciar sesión una vez si pierde su teléfono. Solo se muestran ahora: imprímalos o guárdelos en su administrador de contraseñas.',
  'twoFactor.codes.list': 'Códigos de recuperación',
  'twoFactor.codes.done': 'Ya los guardé',
  'twoFactor.passkeys.title': 'Llaves de acceso',
  'twoFactor.passkeys.intro':
    'Inicie sesión con su contraseña y una llave de acceso: su teléfono, computadora o llave de seguridad confirma que es usted, con su huella digital, su rostro o el bloqueo de pantalla. Puede agregar varias.',
  'twoFactor.passkeys.loadFailed': 'No se pudieron cargar sus llaves de acceso.',
  'twoFactor.passkeys.table': 'Sus llaves de acceso',
  'twoFactor.passkeys.name': 'Nombre',
  'twoFactor.passkeys.added': 'Agregada',
  'twoFactor.passkeys.lastUsed': 'Último uso',
  'twoFactor.passkeys.actions': 'Acciones',
  'twoFactor.passkeys.never': 'Nunca',
  'twoFactor.passkeys.remove': 'Quitar',
  'twoFactor.passkeys.removeNamed': 'Quitar la llave de acceso {name}',
  'twoFactor.passkeys.removeFailed': 'No se pudo quitar la llave de acceso.',
  'twoFactor.passkeys.nameLabel': 'Nombre de la llave de acceso',
  'twoFactor.passkeys.nameHint': 'Para distinguir sus llaves de acceso, p. ej., Laptop del trabajo',
  'twoFactor.passkeys.addFailed': 'No se pudo agregar la llave de acceso.',
  'twoFactor.passkeys.add': 'Agregar una llave de acceso',
  'twoFactor.passkeys.unsupported': 'Este navegador no puede usar llaves de acceso.',
  'twoFactor.toast.on': 'El inicio de sesión en dos pasos está activado',
  'twoFactor.toast.saveCodes': 'Guarde ahora sus códigos de recuperación.',
  'twoFactor.toast.passkeyAdded': 'Llave de acceso agregada',
  'twoFactor.toast.passkeyAddedText': 'Úsela la próxima vez que inicie sesión.',
  'twoFactor.toast.passkeyRemoved': 'Llave de acceso quitada',
  'twoFactor.toast.passkeyRemovedText': 'Ya no sirve para iniciar sesión.',
  'twoFactor.toast.totpAdded': 'Aplicación de autenticación agregada',
  'twoFactor.toast.totpAddedText': 'Use sus códigos la próxima vez que inicie sesión.',
};

export default es;
