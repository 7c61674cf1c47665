import type { Catalogue } from './en';

/** Issue 34: Spanish, a first version for a native speaker's review (docs/translations.md). */
const es: Catalogue = {
  'common.ui.close': 'Cerrar',
  'common.ui.cancel': 'Cancelar',
  'common.ui.edit': 'Editar',
  'common.ui.delete': 'Eliminar',
  'common.ui.loadingQrCode': 'Cargando el código QR',

  'common.ui.bulk.all': 'Todos ({total})',
  'common.ui.bulk.allMatching': 'Todos los resultados ({total})',
  'common.ui.bulk.actionAll': '{verb}: todos ({total})',
  'common.ui.bulk.actionAllMatching': '{verb}: todos los resultados ({total})',
  'common.ui.bulk.actionSelected': '{verb}: selección ({count})',
  'common.ui.bulk.clear': 'Quitar la selección',
  'common.ui.bulk.hintTicked': 'Marque filas para las acciones en bloque.',
  'common.ui.bulk.hint': 'Marque filas, o todas, para las acciones en bloque.',
  'common.ui.bulkDelete.title': 'Eliminar {noun}',
  'common.ui.bulkDelete.message':
    '¿Mover {count} {noun} a la papelera? Se pueden restaurar desde la Papelera durante 30 días.',
  'common.ui.bulkDelete.done': 'Eliminados',
  'common.ui.bulkDelete.failed': 'No se eliminó',
  'common.ui.bulkDelete.error': 'No se pudo eliminar. Inténtelo de nuevo.',

  'common.ui.conflict.title': 'Otra persona cambió {record} después de que usted abrió el formulario.',
  'common.ui.conflict.nothingSaved': 'No se guardó nada. Valores de la otra persona:',
  'common.ui.conflict.values': 'Valores de la otra persona',
  'common.ui.conflict.field': '{label}: {value}',
  'common.ui.conflict.empty': '(vacío)',
  'common.ui.conflict.reloadHint':
    'Recargar pone los valores de la otra persona en el formulario; después, vuelva a hacer su cambio y guarde.',

  'common.ui.address.state': 'Estado',
  'common.ui.address.country': 'País',
  'common.ui.address.postalCode': 'Código postal',

  'common.ui.notFound.title': 'Página no encontrada',
  'common.ui.notFound.text': 'La página que solicitó no existe: {path}',
  'common.ui.notFound.hint':
    'Si siguió un enlace de un correo electrónico o de un certificado, verifique que se haya copiado completo.',
  'common.ui.notFound.dashboard': 'Ir a su panel',
  'common.ui.notFound.home': 'Ir a la página de inicio',
  'common.ui.notFound.login': 'Iniciar sesión',

  'common.ui.list.toolsActive': '{label} ({active})',
  'common.ui.list.first': 'Primera página',
  'common.ui.list.previous': 'Página anterior',
  'common.ui.list.next': 'Página siguiente',
  'common.ui.list.last': 'Última página',
  'common.ui.list.page': 'Página {page}',
  'common.ui.list.exportCsv': 'Exportar CSV',

  'common.ui.recertificationState':
    '{state, select, Active {Vigente} Expiring {Por vencer} Grace {En período de gracia} Lapsed {Caducado} Revoked {Revocado} other {{state}}}',

  'common.ui.error': 'Error',
  'common.ui.undo.action': 'Deshacer',
  'common.ui.undo.restored': 'Restaurado',
  'common.ui.undo.back':
    '{count, plural, one {{type, select, user {El usuario se restauró.} certificate {El certificado se restauró.} report {El informe se restauró.} job {El empleo se restauró.} other {La notificación se restauró.}}} other {{type, select, user {Se restauraron # usuarios.} certificate {Se restauraron # certificados.} report {Se restauraron # informes.} job {Se restauraron # empleos.} other {Se restauraron # notificaciones.}}}}',
  'common.ui.undo.failed': 'No se pudo deshacer la eliminación. Inténtelo de nuevo.',
};

export default es;
