import type { Catalogue } from './en';

/** Issue 34: Arabic, a first version for a native speaker's review (docs/translations.md). */
const ar: Catalogue = {
  'trash.type.user': 'مستخدم',
  'trash.type.certificate': 'شهادة',
  'trash.type.report': 'بلاغ',
  'trash.type.job': 'وظيفة',
  'trash.type.notification': 'إشعار',
  'trash.allTypes': 'كل الأنواع',
  'trash.search.label': 'البحث في سلة المحذوفات',
  'trash.search.placeholder': 'ابحث في سلة المحذوفات...',
  'trash.filter.type': 'النوع',
  'trash.retention':
    '{days, plural, one {تُحذف العناصر نهائيًا بعد يوم واحد من حذفها.} two {تُحذف العناصر نهائيًا بعد يومين من حذفها.} few {تُحذف العناصر نهائيًا بعد # أيام من حذفها.} many {تُحذف العناصر نهائيًا بعد # يومًا من حذفها.} other {تُحذف العناصر نهائيًا بعد # يوم من حذفها.}}',
  'trash.loading': 'جارٍ تحميل سلة المحذوفات',
  'trash.loadFailed': 'تعذّر جلب سلة المحذوفات. يُرجى المحاولة مرة أخرى.',
  'trash.empty.filteredTitle': 'لا شيء في سلة المحذوفات يطابق البحث.',
  'trash.empty.filteredText': 'جرّب نوعًا آخر أو جزءًا من اسم.',
  'trash.empty.title': 'سلة المحذوفات فارغة.',
  'trash.empty.text': 'تبقى هنا المستخدمون والشهادات والبلاغات والوظائف والإشعارات المحذوفة مدة 30 يومًا.',
  'trash.column.type': 'النوع',
  'trash.column.item': 'العنصر',
  'trash.column.deleted': 'تاريخ الحذف',
  'trash.column.deletedBy': 'حُذف بواسطة',
  'trash.column.actions': 'الإجراءات',
  'trash.restore': 'استعادة',
  'trash.restoreItem': 'استعادة {item}',
  'trash.deleteForever': 'حذف نهائي',
  'trash.deleteForeverItem': 'حذف {item} نهائيًا',
  'trash.restored.title': 'تمت الاستعادة',
  'trash.restored.message': 'تمت استعادة {item}.',
  'trash.restoreFailed.title': 'لم تتم الاستعادة',
  'trash.restoreFailed.message': 'تعذّرت الاستعادة. يُرجى المحاولة مرة أخرى.',
  'trash.deleted.title': 'حُذف نهائيًا',
  'trash.deleted.message': 'تم حذف {item} نهائيًا.',
  'trash.deleteFailed.message': 'تعذّر الحذف. يُرجى المحاولة مرة أخرى.',
  'trash.pages': 'صفحات سلة المحذوفات',
  'trash.confirm.title': 'حذف نهائي',
  'trash.confirm.message': 'هل تريد حذف {item} نهائيًا؟ لا يمكن التراجع عن ذلك: تُحذف ملفات العنصر أيضًا.',
  'trash.confirm.submit': 'حذف نهائي',
};

export default ar;
