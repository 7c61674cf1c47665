import type { Catalogue } from './en';

/** Issue 34: Arabic (Modern Standard), a first version for a native speaker's review (docs/translations.md). */
const ar: Catalogue = {
  'common.ui.close': 'إغلاق',
  'common.ui.cancel': 'إلغاء',
  'common.ui.edit': 'تعديل',
  'common.ui.delete': 'حذف',
  'common.ui.loadingQrCode': 'جارٍ تحميل رمز QR',

  'common.ui.bulk.all': 'الكل ({total})',
  'common.ui.bulk.allMatching': 'كل النتائج المطابقة ({total})',
  'common.ui.bulk.actionAll': '{verb}: الكل ({total})',
  'common.ui.bulk.actionAllMatching': '{verb}: كل النتائج المطابقة ({total})',
  'common.ui.bulk.actionSelected': '{verb}: المحدَّد ({count})',
  'common.ui.bulk.clear': 'إلغاء التحديد',
  'common.ui.bulk.hintTicked': 'حدّد صفوفًا لتنفيذ إجراءات جماعية.',
  'common.ui.bulk.hint': 'حدّد صفوفًا، أو الكل، لتنفيذ إجراءات جماعية.',
  'common.ui.bulkDelete.title': 'حذف {noun}',
  'common.ui.bulkDelete.message':
    'هل تريد نقل {noun} ({count}) إلى سلة المحذوفات؟ يمكن استعادتها من سلة المحذوفات خلال 30 يومًا.',
  'common.ui.bulkDelete.done': 'تم الحذف',
  'common.ui.bulkDelete.failed': 'لم يتم الحذف',
  'common.ui.bulkDelete.error': 'تعذّر الحذف. يُرجى المحاولة مرة أخرى.',

  'common.ui.conflict.title': 'غيّر شخص آخر {record} بعد أن فتحتَ النموذج.',
  'common.ui.conflict.nothingSaved': 'لم يُحفظ شيء. القيم التي حفظها الشخص الآخر:',
  'common.ui.conflict.values': 'قيم الشخص الآخر',
  'common.ui.conflict.field': '{label}: {value}',
  'common.ui.conflict.empty': '(فارغ)',
  'common.ui.conflict.reloadHint': 'يضع زر «إعادة التحميل» قيم الشخص الآخر في النموذج؛ بعدها أعد إجراء تغييرك واحفظه.',

  'common.ui.address.state': 'الولاية',
  'common.ui.address.country': 'الدولة',
  'common.ui.address.postalCode': 'الرمز البريدي',

  'common.ui.notFound.title': 'الصفحة غير موجودة',
  'common.ui.notFound.text': 'الصفحة التي طلبتها غير موجودة: {path}',
  'common.ui.notFound.hint': 'إذا اتبعت رابطًا من رسالة بريد إلكتروني أو من شهادة، فتحقّق من أنه نُسخ كاملًا.',
  'common.ui.notFound.dashboard': 'الانتقال إلى لوحة التحكم',
  'common.ui.notFound.home': 'الانتقال إلى الصفحة الرئيسية',
  'common.ui.notFound.login': 'تسجيل الدخول',

  'common.ui.list.toolsActive': '{label} ({active})',
  'common.ui.list.first': 'الصفحة الأولى',
  'common.ui.list.previous': 'الصفحة السابقة',
  'common.ui.list.next': 'الصفحة التالية',
  'common.ui.list.last': 'الصفحة الأخيرة',
  'common.ui.list.page': 'الصفحة {page}',
  'common.ui.list.exportCsv': 'تصدير CSV',

  'common.ui.recertificationState':
    '{state, select, Active {سارية} Expiring {توشك على الانتهاء} Grace {في فترة السماح} Lapsed {منقضية} Revoked {ملغاة} other {{state}}}',

  'common.ui.error': 'خطأ',
  'common.ui.undo.action': 'تراجع',
  'common.ui.undo.restored': 'تمت الاستعادة',
  'common.ui.undo.back':
    '{count, plural, one {{type, select, user {استُعيد المستخدم.} certificate {استُعيدت الشهادة.} report {استُعيد التقرير.} job {استُعيدت الوظيفة.} other {استُعيد الإشعار.}}} other {{type, select, user {استُعيد المستخدمون ({count}).} certificate {استُعيدت الشهادات ({count}).} report {استُعيدت التقارير ({count}).} job {استُعيدت الوظائف ({count}).} other {استُعيدت الإشعارات ({count}).}}}}',
  'common.ui.undo.failed': 'تعذّر التراجع عن الحذف. يُرجى المحاولة مرة أخرى.',
};

export default ar;
