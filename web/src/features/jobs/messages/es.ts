import type { Catalogue } from './en';

/** Issue 34: Spanish, a first version for a native speaker's review (docs/translations.md). */
const es: Catalogue = {
  'jobs.board.title': 'Bolsa de trabajo',
  'jobs.board.loading': 'Cargando...',
  'jobs.board.error': 'Error: {message}',
  'jobs.board.retry': 'Reintentar',
  'jobs.board.emptyDescription':
    'Aquí aparecen las vacantes que publica su junta certificadora. Vuelva a consultar pronto.',
  'jobs.board.applyLabel': 'Postularse ahora: {title}',
  'jobs.board.apply': 'Postularse ahora',
  'jobs.empty': 'No se encontraron empleos.',

  'jobs.manage.searchLabel': 'Buscar empleos',
  'jobs.manage.searchPlaceholder': 'Buscar empleos...',
  'jobs.manage.addNew': 'Agregar nuevo',
  'jobs.manage.bulkNoun': 'empleos',
  'jobs.manage.loading': 'Cargando los empleos',
  'jobs.manage.loadError': 'No se pudieron obtener los empleos. Inténtelo de nuevo.',
  'jobs.manage.noMatch':
    'Ningún empleo coincide con su búsqueda: pruebe con parte de un título, una empresa o una ubicación.',
  'jobs.manage.emptyDescription': 'Un empleo que usted agregue aparece en la Bolsa de trabajo de cada miembro.',
  'jobs.manage.addFirst': 'Agregar un empleo',
  'jobs.manage.pages': 'Páginas de empleos',
  'jobs.manage.select': 'Seleccionar el empleo {title}',
  'jobs.manage.visit': 'Ver el empleo',
  'jobs.delete.title': 'Eliminar el empleo',
  'jobs.delete.question': '¿Está seguro de que desea eliminar el empleo «{title}»?',
  'jobs.deleted.title': 'Empleo eliminado.',
  'jobs.deleted.message': 'El empleo se eliminó correctamente.',
  'jobs.deleteFailed.title': 'No se eliminó el empleo.',
  'jobs.deleteFailed.message': 'No se pudo eliminar el empleo. Inténtelo de nuevo.',

  'jobs.form.addTitle': 'Agregar empleo',
  'jobs.form.editTitle': 'Editar empleo',
  'jobs.form.add': 'Agregar',
  'jobs.form.update': 'Actualizar',
  'jobs.form.conflictRecord': 'este empleo',
  'jobs.form.title': 'Título',
  'jobs.form.company': 'Empresa',
  'jobs.form.location': 'Ubicación',
  'jobs.form.description': 'Descripción',
  'jobs.form.applyLink': 'Enlace para postularse',
  'jobs.form.applyLinkPlaceholder': 'p. ej., careers.example.org/apply',
  'jobs.form.invalidUrl': 'URL no válida',
  'jobs.form.invalidUrlMessage': 'Ingrese un enlace válido para postularse.',
  'jobs.form.created.title': 'Empleo creado.',
  'jobs.form.created.message': 'El empleo se creó correctamente.',
  'jobs.form.updated.title': 'Empleo actualizado.',
  'jobs.form.updated.message': 'El empleo se actualizó correctamente.',
  'jobs.form.notCreated': 'No se creó el empleo.',
  'jobs.form.notUpdated': 'No se actualizó el empleo.',
  'jobs.form.saveFailed': 'No se pudo guardar el empleo. Inténtelo de nuevo.',
};

export default es;
