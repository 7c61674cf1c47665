import type { Catalogue } from './en';

/** Issue 34: Spanish, a first version for a native speaker's review (docs/translations.md). */
const es: Catalogue = {
  'trash.type.user': 'Usuario',
  'trash.type.certificate': 'Certificado',
  'trash.type.report': 'Informe',
  'trash.type.job': 'Empleo',
  'trash.type.notification': 'Notificación',
  'trash.allTypes': 'Todos los tipos',
  'trash.search.label': 'Buscar en la papelera',
  'trash.search.placeholder': 'Buscar en la papelera...',
  'trash.filter.type': 'Tipo',
  'trash.retention':
    '{days, plural, one {Los elementos se eliminan definitivamente # día después de haberse eliminado.} other {Los elementos se eliminan definitivamente # días después de haberse eliminado.}}',
  'trash.loading': 'Cargando la papelera',
  'trash.loadFailed': 'No se pudo obtener la papelera. Inténtelo de nuevo.',
  'trash.empty.filteredTitle': 'Nada en la papelera coincide.',
  'trash.empty.filteredText': 'Pruebe con otro tipo o con parte de un nombre.',
  'trash.empty.title': 'La papelera está vacía.',
  'trash.empty.text':
    'Los usuarios, certificados, informes, empleos y notificaciones eliminados esperan aquí durante 30 días.',
  'trash.column.type': 'Tipo',
  'trash.column.item': 'Elemento',
  'trash.column.deleted': 'Eliminado',
  'trash.column.deletedBy': 'Eliminado por',
  'trash.column.actions': 'Acciones',
  'trash.restore': 'Restaurar',
  'trash.restoreItem': 'Restaurar {item}',
  'trash.deleteForever': 'Eliminar definitivamente',
  'trash.deleteForeverItem': 'Eliminar definitivamente {item}',
  'trash.restored.title': 'Restaurado',
  'trash.restored.message': '{item} se restauró.',
  'trash.restoreFailed.title': 'No se restauró',
  'trash.restoreFailed.message': 'No se pudo restaurar. Inténtelo de nuevo.',
  'trash.deleted.title': 'Eliminado definitivamente',
  'trash.deleted.message': '{item} se eliminó definitivamente.',
  'trash.deleteFailed.message': 'No se pudo eliminar. Inténtelo de nuevo.',
  'trash.pages': 'Páginas de la papelera',
  'trash.confirm.title': 'Eliminar definitivamente',
  'trash.confirm.message':
    '¿Eliminar {item} definitivamente? Esta acción no se puede deshacer: también se eliminan sus archivos.',
  'trash.confirm.submit': 'Eliminar definitivamente',
};

export default es;
