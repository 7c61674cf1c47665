import type { Catalogue } from './en';

/** Issue 34: Spanish, a first version for a native speaker's review (docs/translations.md). */
const es: Catalogue = {
  'notifications.title': 'Notificaciones',
  'notifications.bellUnread': 'Notificaciones ({count} sin leer)',
  'notifications.inbox.title': 'Su bandeja de entrada',
  'notifications.inbox.markAllRead': 'Marcar todo como leído',
  'notifications.inbox.unread': 'Sin leer: ',
  'notifications.inbox.viewCertificate': 'Ver el certificado',
  'notifications.loading': 'Cargando las notificaciones',
  'notifications.loadError': 'Error al obtener las notificaciones.',
  'notifications.none': 'No hay notificaciones disponibles.',
  'notifications.none.popover': 'Aquí aparecen las novedades de su junta.',

  'notifications.manage.title': 'Gestionar notificaciones',
  'notifications.manage.add': 'Agregar notificación',
  'notifications.manage.emptyDescription':
    'Una notificación que usted agregue aparece en la barra superior de cada miembro.',
  'notifications.manage.addFirst': 'Agregar una notificación',
  'notifications.manage.pages': 'Páginas de notificaciones',
  'notifications.manage.delete': 'Eliminar la notificación {title}',
  'notifications.manage.deleted.title': 'Notificación eliminada.',
  'notifications.manage.deleted.message': 'La notificación se eliminó correctamente.',
  'notifications.manage.deleteFailed': 'Error al eliminar la notificación.',
  'notifications.manage.tryAgain': 'Inténtelo de nuevo.',

  'notifications.form.close': 'Cerrar',
  'notifications.form.title': 'Título',
  'notifications.form.message': 'Mensaje',
  'notifications.form.link': 'Enlace',
  'notifications.form.linkPlaceholder': 'p. ej., example.org',
  'notifications.form.cancel': 'Cancelar',
  'notifications.form.add': 'Agregar',
  'notifications.form.added.title': 'Notificación agregada.',
  'notifications.form.added.message': 'La notificación se agregó correctamente.',
  'notifications.form.addFailed': 'Error al agregar la notificación.',
  'notifications.form.emptyField.title': 'Error de validación',
  'notifications.form.emptyField.message': 'Complete todos los campos.',
  'notifications.form.invalidUrl.title': 'URL no válida',
  'notifications.form.invalidUrl.message':
    'La URL indicada no es válida. Ingrese una URL válida, p. ej., example.org o https://example.org',
};

export default es;
