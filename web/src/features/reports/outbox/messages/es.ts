import type { Catalogue } from './en';

/** Issue 34: the outbox's words in Spanish. */
const es: Catalogue = {
  'reports.outbox.label': 'Bandeja de salida',
  'reports.outbox.close': 'Cerrar',
  'reports.outbox.retry': 'Reintentar',
  'reports.outbox.sending': 'Enviando…',
  'reports.outbox.waiting': '{count} en espera',
  'reports.outbox.waitingLastSent': '{count} en espera · último envío: {time}',
  'reports.outbox.allSent': 'Todo enviado · último envío: {time}',
  'reports.outbox.allSentNever': 'Todo enviado',
  'reports.outbox.offline': 'No tiene conexión: estos informes se enviarán cuando vuelva a tenerla.',
  'reports.outbox.empty': 'No hay nada en espera en este dispositivo.',
  'reports.outbox.hidden':
    '{count, plural, one {1 informe espera en este dispositivo; inicie sesión con conexión para verlo.} other {# informes esperan en este dispositivo; inicie sesión con conexión para verlos.}}',
  'reports.outbox.list': 'Informes en este dispositivo',
  'reports.outbox.noClientName': 'Sin nombre del cliente',
  'reports.outbox.savedAt': 'Guardado el {time}',
  'reports.outbox.sentAt': 'Enviado: {time}',
  'reports.outbox.state.waiting': 'En espera',
  'reports.outbox.state.sending': 'Enviando…',
  'reports.outbox.state.failed': 'No enviado',
  'reports.outbox.state.sent': 'Enviado',
  'reports.outbox.success': 'Listo',
  'reports.outbox.submitted': 'El formulario se envió correctamente',
  'reports.outbox.discarded': 'No se pudo leer un informe guardado en este dispositivo, por lo que se descartó.',
  'reports.outbox.notSent': 'No se envió un informe: {reason}',
  'reports.outbox.uploadUnanswered': 'La carga terminó sin respuesta del servidor',
};

export default es;
