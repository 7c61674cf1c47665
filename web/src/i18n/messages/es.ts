import type { Catalogue } from './en';

/** Issue 34: Spanish, a first version for a native speaker's review (docs/translations.md). */
const es: Catalogue = {
  'language.current': 'Idioma: {language}',
  'language.label': 'Idioma',
  'common.skipToContent': 'Ir al contenido principal',
  'common.logo': 'Logotipo de {product}',

  'landing.signUp': 'Registrarse',
  'landing.login': 'Iniciar sesión',
  'landing.account': 'Cuenta',
  'landing.goToDashboard': 'Ir al panel',
  'landing.welcomeTitle': 'Ya está dentro, {name}',
  'landing.welcomeText': 'Su correo electrónico está verificado y su cuenta está lista.',
  'landing.heroTitle': 'Bienvenido a {product}',
  'landing.heroText': 'Su camino hacia la certificación profesional',
  'landing.contactTitle': 'Contacto',
  'landing.contactError': 'Los datos de contacto no se pueden mostrar en este momento. Inténtelo de nuevo más tarde.',
  'landing.supportEmail': 'Correo de soporte: {email}',
  'landing.boardWebsite': 'Sitio web de la junta certificadora: {url}',
  'landing.certifiedTitle': 'Para personas certificadas',
  'landing.certifiedText1':
    '¿Ya tiene la certificación? Inicie sesión con el mismo correo electrónico que usó al registrarse con la junta certificadora.',
  'landing.certifiedText2': 'Es posible que necesite su número de certificación; téngalo a mano.',
  'landing.notCertifiedTitle': 'Para personas sin certificación',
  'landing.notCertifiedText1':
    '¿Aún no tiene la certificación? Primero debe obtenerla: complete la capacitación y apruebe el examen en el sitio web de la junta certificadora.',
  'landing.notCertifiedText2': 'Cuando tenga la certificación, vuelva aquí e inicie sesión.',
  'landing.getStarted': 'Comenzar',
  'landing.signIn': 'Iniciar sesión',
  'landing.copyright': '© {year} {product}',

  'auth.emailAddress': 'Correo electrónico',
  'auth.password': 'Contraseña',
  'auth.showPassword': 'Mostrar la contraseña',
  'auth.login.title': 'Bienvenido de nuevo',
  'auth.login.forgot': '¿Olvidó su contraseña?',
  'auth.login.submit': 'Iniciar sesión',
  'auth.login.noAccount': '¿No tiene una cuenta?',
  'auth.login.signUp': 'Regístrese',
  'auth.signup.title': 'Crear una cuenta',
  'auth.signup.intro':
    'Use el correo electrónico y el número de certificado con los que se registró ante la junta certificadora.',
  'auth.signup.fullName': 'Nombre completo',
  'auth.signup.certificateNo': 'N.º de certificado',
  'auth.signup.certificateNoHint':
    'Aparece en su certificado después de «N.º» y en el correo de la junta que se lo otorgó.',
  'auth.signup.submit': 'Registrarse',
  'auth.signup.haveAccount': '¿Ya tiene una cuenta?',
  'auth.signup.logIn': 'Inicie sesión',
  'auth.signup.noRecordHelp':
    '¿Está seguro de ambos? Puede que la junta tenga otra dirección registrada: escriba a {email} con su nombre y número de certificado.',
  'auth.forgot.title': 'Olvidé mi contraseña',
  'auth.forgot.sent': 'Si existe una cuenta para {email}, recibirá en breve un enlace para restablecer la contraseña.',
  'auth.forgot.intro':
    'Escriba el correo electrónico de su cuenta y le enviaremos un enlace para restablecer su contraseña.',
  'auth.forgot.submit': 'Enviar el enlace',
  'auth.backToLogin': 'Volver a iniciar sesión',
  'auth.strength.meter': 'Seguridad de la contraseña',
  'auth.strength.label': 'Seguridad de la contraseña: {level}',
  'auth.strength.level': '{score, select, 0 {Muy débil} 1 {Débil} 2 {Aceptable} 3 {Buena} other {Fuerte}}',
  'auth.strength.checklist': 'Requisitos de la contraseña',
  'auth.strength.length': 'Al menos {min} caracteres',
  'auth.strength.uppercase': 'Una letra mayúscula',
  'auth.strength.lowercase': 'Una letra minúscula',
  'auth.strength.number': 'Un número',
  'auth.strength.special': 'Un carácter especial',
  'auth.strength.met': ' (cumplido)',
  'auth.strength.notMet': ' (no cumplido)',
  'auth.strength.rule':
    'Para ser aceptada, una contraseña necesita al menos {min} caracteres y no debe ser una contraseña común.',
};
export default es;
