import type { Catalogue } from './en';

/** Issue 34: Spanish, a first version for a native speaker's review (docs/translations.md). */
const es: Catalogue = {
  'reminders.loading': 'Cargando los recordatorios de renovación',
  'reminders.loadFailed': 'No se pudieron obtener los recordatorios de renovación. Inténtelo de nuevo.',
  'reminders.title': 'Recordatorios de renovación',
  'reminders.intro':
    'Cada titular de un certificado activo recibe un recordatorio, por correo electrónico y en la bandeja de entrada del portal, en cada uno de estos números de días antes de la fecha de vencimiento del certificado. 0 significa el mismo día en que vence. Un certificado emitido o renovado dentro de uno de estos plazos recibe el recordatorio de ese plazo y los siguientes. Hasta {max} plazos, cada uno de 0 a {days} días.',
  'reminders.none': 'No se envían recordatorios.',
  'reminders.offset': 'Recordatorio {index}: días antes del vencimiento',
  'reminders.remove': 'Quitar el recordatorio {index}',
  'reminders.add': 'Agregar recordatorio',
  'reminders.reset': 'Restablecer los valores predeterminados',
  'reminders.save': 'Guardar',
  'reminders.checkOffsets': 'Revise los plazos',
  'reminders.saved.title': 'Recordatorios de renovación guardados',
  'reminders.saved.message': 'Se recordará a los titulares {when}.',
  'reminders.saved.never': 'No se enviarán recordatorios a los titulares.',
  'reminders.saved.offset': '{days, plural, =0 {el mismo día del vencimiento} one {# día antes} other {# días antes}}',
  'reminders.issue.offset': 'Cada plazo debe ser un número entero de días entre 0 y {days}',
  'reminders.issue.tooMany': 'Como máximo {max} plazos',
  'reminders.issue.duplicate': 'Cada plazo puede aparecer solo una vez',
};

export default es;
