import type { Catalogue } from './en';

/** Issue 34: Spanish, a first version for a native speaker's review (docs/translations.md). */
const es: Catalogue = {
  'profile.field.email': 'Correo electrónico',
  'profile.field.name': 'Nombre',
  'profile.field.job': 'Ocupación',
  'profile.field.age': 'Edad',
  'profile.field.gender': 'Género',
  'profile.field.phoneNo': 'Número de teléfono',
  'profile.field.address': 'Dirección',
  'profile.field.addressArea': 'Dirección (zona)',
  'profile.field.state': 'Estado',
  'profile.field.country': 'País',
  'profile.field.postalCode': 'Código postal',
  'profile.field.picture': 'Foto',
  'profile.field.language': 'Idioma',
  'profile.joinedSince': 'Miembro desde',
  'profile.generalInformation': 'Información general',
  'profile.update': 'Actualizar el perfil',

  'profile.form.picture': 'Foto de perfil',
  'profile.form.choosePicture': 'Elija una imagen',
  'profile.form.save': 'Guardar',
  'profile.form.conflictRecord': 'su perfil',
  'profile.form.pictureSet': 'definida',
  'profile.form.updated.title': 'Perfil actualizado.',
  'profile.form.updated.message': 'Su perfil se actualizó correctamente.',
  'profile.form.failed.title': 'No se pudo actualizar el perfil.',
  'profile.form.failed.message': 'Ocurrió un error al actualizar su perfil. Inténtelo de nuevo más tarde.',

  'profile.reminders.label': 'Recordatorios de renovación por correo electrónico',
  'profile.reminders.description':
    'Antes de que venza un certificado. Siempre aparecen en su bandeja de entrada (la campana de la parte superior).',
  'profile.reminders.updated': 'Perfil actualizado',
  'profile.reminders.on': 'Los recordatorios de renovación le llegarán por correo electrónico.',
  'profile.reminders.off': 'Los recordatorios de renovación ya no le llegarán por correo electrónico.',
  'profile.reminders.notUpdated': 'No se actualizó el perfil',
  'profile.reminders.conflict':
    'Otra persona cambió su perfil desde que usted lo abrió. Ahora se muestran sus cambios: inténtelo de nuevo.',
};

export default es;
