import type { Catalogue } from './en';

/** Issue 34: Spanish, a first version for a native speaker's review (docs/translations.md). */
const es: Catalogue = {
  'help.title': 'Ayuda y soporte',
  'help.list.instructions': 'Instrucciones',
  'help.list.contactDetails': 'Datos de contacto',
  'help.list.emails': 'Correos electrónicos',
  'help.loadingList': 'Cargando: {title}',
  'help.empty.title': 'Todavía no hay nada aquí.',
  'help.empty.description': 'Su junta aún no ha agregado nada a esta lista.',
  'help.loadError.title': 'No se pudo cargar el contenido de ayuda de la junta.',
  'help.loadError.message': 'En su lugar, se muestran las indicaciones generales a continuación.',
  'help.default.instructions': 'Las instrucciones aparecerán aquí.',
  'help.default.contactDetails': 'Los datos de contacto aparecerán aquí.',
  'help.default.emails': 'Las direcciones de correo electrónico aparecerán aquí.',

  'help.manage.edit': 'Editar',
  'help.manage.cancel': 'Cancelar',
  'help.manage.save': 'Guardar',
  'help.manage.loading': 'Cargando el contenido de ayuda',
  'help.manage.loadFailed': 'No se pudo cargar el contenido de ayuda. Inténtelo de nuevo.',
  'help.manage.noEntries': 'No hay entradas.',
  'help.manage.chooseEdit': 'Elija Editar para agregar una.',
  'help.manage.add.instructions': 'Agregar una instrucción',
  'help.manage.add.contactDetails': 'Agregar un dato de contacto',
  'help.manage.add.emails': 'Agregar un correo electrónico',
  'help.manage.entry.instructions': 'Instrucciones, entrada {index}',
  'help.manage.entry.contactDetails': 'Datos de contacto, entrada {index}',
  'help.manage.entry.emails': 'Correos electrónicos, entrada {index}',
  'help.manage.delete.instructions': 'Eliminar la instrucción {index}',
  'help.manage.delete.contactDetails': 'Eliminar el dato de contacto {index}',
  'help.manage.delete.emails': 'Eliminar el correo electrónico {index}',
  'help.manage.conflictRecord': 'la página de ayuda',
  'help.manage.saved.title': 'Contenido de ayuda actualizado',
  'help.manage.saved.message': 'La página de ayuda se actualizó correctamente.',
  'help.manage.saveFailed': 'No se pudo guardar la página de ayuda. Inténtelo de nuevo.',
};

export default es;
