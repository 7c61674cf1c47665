import api from '@portal/contract/messages/es';
import type { Catalogue } from './en';

/** Issue 34: Spanish, a first version for a native speaker's review (docs/translations.md). */
const es: Catalogue = {
  ...api,
  'verify.language': 'Idioma',
  'verify.footer':
    'Esta página muestra solo lo que la junta publica para que cualquier persona pueda comprobar un certificado. No se necesita una cuenta y no se registra nada sobre usted.',
  'verify.headline':
    '{status, select, Active {Certificado válido} Expired {Certificado vencido} Inactive {Certificado inactivo} Revoked {Certificado revocado} other {No se pudo verificar el certificado}}',
  'verify.status':
    '{status, select, Active {Activo} Expired {Vencido} Inactive {Inactivo} Revoked {Revocado} other {{status}}}',
  'verify.statusLine.active': 'Activo, válido hasta el {validTill}',
  'verify.statusLine.expired': 'Venció el {validTill}',
  'verify.statusLine.expiredRenewing': 'Venció el {validTill}; renovación en trámite',
  'verify.statusLine.inactive': 'Inactivo',
  'verify.statusLine.inactiveSince': 'Inactivo desde el {since}',
  'verify.statusLine.revoked': 'Revocado el {since}',
  'verify.authentic': 'Auténtico.',
  'verify.signatureChecksOut':
    '{status, select, Active {La firma digital de la junta en este certificado es válida.} Expired {La firma digital de la junta en este certificado es válida, pero el certificado está vencido.} Inactive {La firma digital de la junta en este certificado es válida, pero el certificado está inactivo.} other {La firma digital de la junta en este certificado es válida, pero el certificado está revocado.}}',
  'verify.signatureFails': 'La firma no es válida.',
  'verify.signatureFailsAdvice': 'No confíe en este certificado; comuníquese con la junta.',
  'verify.about': 'Acerca de esta credencial',
  'verify.criteria': 'Cómo se obtiene:',
  'verify.walletQuestion': '¿Es este su certificado?',
  'verify.walletLink': 'Agréguelo a una billetera digital',
  'verify.holder': 'Titular',
  'verify.notClaimed': 'Aún no reclamado',
  'verify.credential': 'Credencial',
  'verify.certificateNo': 'N.º de certificado',
  'verify.issued': 'Emitido',
  'verify.validTill': 'Válido hasta',
  'verify.statusLabel': 'Estado',
  'verify.checks': 'Lo que esta página comprobó',
  'verify.checkedAt': 'Comprobado el {moment}',
  'verify.passed': 'Aprobado',
  'verify.failed': 'No aprobado',
  'verify.issuedBy': 'Emitido por {board}',
  'verify.notIssuedBy': 'No emitido por {board}',
  'verify.issuedByDetail': 'La credencial nombra a la junta como emisora y está firmada con la clave de la junta.',
  'verify.notIssuedByDetail': 'La credencial no nombra a la junta, o no está firmada con la clave de la junta.',
  'verify.signatureIntact': 'Firma intacta',
  'verify.signatureBroken': 'Firma alterada',
  'verify.signatureIntactDetail': 'Nada ha cambiado desde que la junta la firmó.',
  'verify.signatureBrokenDetail': 'No es lo que la junta firmó, o ya no coincide con el registro de la junta.',
  'verify.notRevoked': 'No revocado',
  'verify.revoked': 'Revocado',
  'verify.notSuspended': 'No desactivado',
  'verify.suspended': 'Inactivo',
  'verify.suspendedDetail':
    'La junta lo ha desactivado. No se considera válido hasta que la junta lo vuelva a activar.',
  'verify.notExpired': 'No vencido',
  'verify.notExpiredDetail': 'Válido hasta el {validTill}.',
  'verify.technical': 'Detalles técnicos',
  'verify.issuerDid': 'Emisor (DID)',
  'verify.issuerKeys': 'Claves públicas del emisor',
  'verify.didDocument': 'Documento DID (JSON)',
  'verify.signed': 'Firmado',
  'verify.format': 'Formato',
  'verify.proof': 'Prueba',
  'verify.credentialId': 'Id. de la credencial',
  'verify.statusList': 'Lista de revocación',
  'verify.statusListLink': 'Lista de estado (JSON)',
  'verify.statusListKind': 'una W3C Bitstring Status List',
  'verify.asData': 'Esta comprobación como datos',
  'verify.asJson': 'Esta comprobación en JSON',
  'verify.moreLabel': 'Para el titular, y para informar un problema',
  'verify.report': 'Informar un problema con este certificado',
  'verify.reportTo': '(un correo electrónico a {email})',
  'verify.cardDescription': '{credentialName}, certificado {certificateNo} de {board}. {statusLine}.',
  'verify.superseded': 'Reemplazado por una versión más reciente',
  'verify.supersededText':
    'Esta copia (versión {number}) de «{credentialName}» fue reemplazada por una versión más reciente y ya no se verifica.',
  'verify.supersededTextOn':
    'Esta copia (versión {number}) de «{credentialName}» fue reemplazada el {day} por una versión más reciente y ya no se verifica.',
  'verify.current': 'Ver el certificado en su estado actual',
  'verify.notFound': 'Certificado no encontrado',
  'verify.notFoundText':
    'Ningún certificado tiene este enlace de verificación. Compruebe que el enlace esté completo o pida uno nuevo al titular.',
  'mail.greeting': 'Hola, {name}:',
  'mail.greetingNoName': 'Hola:',
  'mail.listSeparator': ', ',
  'mail.verification.subject': 'Su código de verificación',
  'mail.verification.text':
    '{greeting}\n\nSu código de verificación para el portal de {product} es:\n\n    {code}\n\nEscríbalo en la página de verificación. El código es válido durante {minutes} minutos.\nSi usted no se registró, puede ignorar este correo.',
  'mail.reset.subject': 'Restablezca su contraseña',
  'mail.reset.text':
    '{greeting}\n\nAlguien pidió restablecer la contraseña de su cuenta de {product}.\nPara elegir una contraseña nueva, abra este enlace antes de que pase una hora:\n\n    {link}\n\nEl enlace funciona una sola vez. Si usted no lo pidió, ignore este correo: su contraseña sigue igual.',
  'mail.passwordChanged.subject': 'Se cambió su contraseña',
  'mail.passwordChanged.text':
    '{greeting}\n\nSe acaba de cambiar la contraseña de su cuenta de {product} y se cerraron todas las sesiones\nabiertas.\n\nSi no fue usted, restablezca su contraseña de inmediato y escriba a {supportEmail}.',
  'mail.signupAttempt.subject': 'Alguien intentó registrarse con su dirección de correo',
  'mail.signupAttempt.text':
    '{greeting}\n\nAlguien acaba de intentar crear una cuenta de {product} con esta dirección de correo, que\nya tiene una cuenta. No se creó ninguna cuenta nueva.\n\nSi fue usted, inicie sesión en {loginUrl}, o elija una contraseña nueva en\n{resetUrl} si ya no la recuerda.\n\nSi no fue usted, puede ignorar este correo: nada cambió en su cuenta.',
  'reminder.title': '«{name}» vence {days, plural, =0 {hoy} =1 {mañana} other {en # días}}',
  'reminder.message':
    'Su certificado «{name}» (N.º {certificateNo}) es válido hasta el {validTill}. Renuévelo antes de esa fecha para mantener la certificación.',
  'reminder.subject': 'Recordatorio de renovación: {name} vence {days, plural, =0 {hoy} =1 {mañana} other {en # días}}',
  'reminder.text':
    '{greeting}\n\nSu certificado «{name}» (N.º {certificateNo}) es válido hasta el {validTill}.\n{progress}\nRenuévelo aquí: {renewal}\n\nSus certificados en el portal: {certificates}\n\nRecibe este recordatorio porque los recordatorios de renovación están activados en su perfil. Para dejar\nde recibirlos por correo (los seguirá viendo en el portal), desactívelos en su perfil o abra: {unsubscribe}',
  'renewal.progress.missing': 'Faltan {missing} de {totalHours} horas por registrar',
  'renewal.progress.missingInCategories': 'Faltan horas por registrar',
  'renewal.progress.category': '{hours} en {category}',
  'renewal.progress.complete': 'Las {totalHours} horas están registradas: solicite la renovación.',
  'renewal.progress.underReview': 'Su solicitud de renovación está en revisión.',
  'mail.renewed.subject': 'Se renovó su certificado {certificateNo}',
  'mail.renewed.text':
    '{greeting}\n\nLa junta aprobó la renovación de «{name}» (N.º {certificateNo}). Ahora es válido hasta el {validTill}.\n\nDescargue la credencial renovada en Mis certificados ({certificatesUrl}) y reemplace la anterior\ndondequiera que la guarde, por ejemplo en una billetera digital. Su enlace de verificación y su código QR no cambiaron.',
  'mail.renewalDecision.subject':
    '{decision, select, Rejected {No se aprobó la renovación de su certificado {certificateNo}} other {La renovación de su certificado {certificateNo} necesita más educación continua}}',
  'mail.renewalDecision.text':
    '{greeting}\n\n{decision, select, Rejected {La junta no aprobó la renovación de «{name}» (N.º {certificateNo}).} other {La junta le devolvió la renovación de «{name}» (N.º {certificateNo}): tras su revisión, las horas ya no cumplen las reglas.}}\n\nMotivo: {reason}\n\nConsulte su educación continua y vuelva a solicitarla en {renewalUrl}.',
  'mail.factorsReset.subject': 'Se restableció su inicio de sesión en dos pasos',
  'mail.factorsReset.text':
    '{greeting}\n\nUn administrador del portal de {product} acaba de restablecer el inicio de sesión en dos pasos de su\ncuenta: su aplicación de autenticación y sus códigos de recuperación ya no funcionan, y se cerraron\ntodas las sesiones abiertas. Inicie sesión con su contraseña y vuelva a configurar el inicio de sesión en dos pasos.\n\nSi usted no lo pidió, escriba de inmediato a {supportEmail}.',
  'mail.factor.app': 'una aplicación de autenticación',
  'mail.factor.passkey': 'la llave de acceso «{name}»',
  'mail.factor.newCodes': 'Con él se crearon nuevos códigos de recuperación.',
  'mail.factor.off': 'El inicio de sesión en dos pasos está desactivado.',
  'mail.factor.subject':
    '{change, select, added {Se agregó un factor de inicio de sesión a su cuenta} other {Se quitó un factor de inicio de sesión de su cuenta}}',
  'mail.factor.what':
    '{change, select, added {Se agregó un factor de inicio de sesión, {factor}, a su cuenta el {when}.} other {Se quitó un factor de inicio de sesión, {factor}, de su cuenta el {when}.}}',
  'mail.factor.text':
    '{greeting}\n\n{what}\n\nSi fue usted, no tiene que hacer nada.\n\nSi no fue usted, es posible que alguien esté usando su sesión abierta:\n1. Elija una contraseña nueva en {resetUrl}: así se cierran todas las sesiones.\n2. Escriba a {supportEmail} para que un administrador restablezca su inicio de sesión en dos pasos.',
  'mail.revoked.subject': 'Se revocó su certificado {certificateNo}',
  'mail.revoked.text':
    '{greeting}\n\nLa junta revocó su certificado «{name}» (N.º {certificateNo}).\n\nMotivo: {reason}\n\nQuien lo compruebe en {verificationUrl} ahora lo verá como revocado.\nSi cree que se trata de un error, escriba a {supportEmail}.',
  'mail.reinstated.subject': 'Se restituyó su certificado {certificateNo}',
  'mail.reinstated.text':
    '{greeting}\n\nLa junta restituyó su certificado «{name}» (N.º {certificateNo}): ya no está revocado.\n\nQuien lo compruebe en {verificationUrl} verá su estado actual.',
  'mail.newCopy.subject': 'Descargue su certificado actualizado {certificateNo}',
  'mail.newCopy.text':
    '{greeting}\n\nLa junta actualizó su certificado «{name}» (N.º {certificateNo}), por lo que se firmó de nuevo.\n\nUn archivo de credencial que haya descargado antes de este cambio ya no se verifica. Descargue el nuevo en\nMis certificados ({certificatesUrl}) y reemplace el anterior dondequiera que lo guarde, por ejemplo en una\nbilletera digital. Su enlace de verificación y su código QR no cambiaron.',
  'inbox.revoked.title': 'Se revocó «{name}»',
  'inbox.revoked.message': 'La junta revocó su certificado «{name}» (N.º {certificateNo}). Motivo: {reason}',
  'inbox.newCopy.title': 'Descargue «{name}» de nuevo',
  'inbox.newCopy.message':
    'La junta actualizó su certificado «{name}» (N.º {certificateNo}). Un archivo de credencial que haya descargado antes ya no se verifica: descargue el nuevo aquí.',
  'inbox.renewalDecision.title':
    '{decision, select, Rejected {No se aprobó la renovación de «{name}»} other {Se devolvió la renovación de «{name}»}}',
  'inbox.renewalDecision.message': 'Motivo: {reason}',
  'inbox.renewed.title': 'Se renovó «{name}»',
  'inbox.renewed.message':
    'La junta aprobó su renovación: válido hasta el {validTill}. Descargue la credencial renovada.',
  'pdf.heading': 'CERTIFICADO',
  'pdf.certifies': 'Se certifica que',
  'pdf.holds': 'posee la credencial',
  'pdf.certificateNo': 'N.º de certificado',
  'pdf.issued': 'Emitido',
  'pdf.validTill': 'Válido hasta',
  'pdf.status': '{status, select, Expired {VENCIDO} Inactive {INACTIVO} Revoked {REVOCADO} other {{status}}}',
  'pdf.verifyAt': 'Verifique este certificado en',
  'pdf.untitled': 'Certificado',
  'pdf.keyword': 'certificado',
  'pdf.creator': 'Portal {product}',
  'preview.notClaimed': 'Aún no reclamado',
  'preview.facts': 'N.º de certificado {certificateNo} · Emitido el {issued}',
  'preview.signatureFails': 'Su firma digital no es válida',
  'preview.checkAt': 'Compruébelo en {host}',
};
export default es;
