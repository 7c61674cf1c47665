import type { Catalogue } from './en';

/** Issue 34: Arabic (Modern Standard), a first version for a native speaker's review (docs/translations.md). */
const ar: Catalogue = {
  'help.title': 'المساعدة والدعم',
  'help.list.instructions': 'التعليمات',
  'help.list.contactDetails': 'بيانات الاتصال',
  'help.list.emails': 'عناوين البريد الإلكتروني',
  'help.loadingList': 'جارٍ تحميل: {title}',
  'help.empty.title': 'لا يوجد شيء هنا بعد.',
  'help.empty.description': 'لم تُضف الهيئة أي شيء إلى هذه القائمة بعد.',
  'help.loadError.title': 'تعذّر تحميل محتوى المساعدة الخاص بالهيئة.',
  'help.loadError.message': 'تُعرض بدلًا منه الإرشادات العامة أدناه.',
  'help.default.instructions': 'ستظهر التعليمات هنا.',
  'help.default.contactDetails': 'ستظهر بيانات الاتصال هنا.',
  'help.default.emails': 'ستظهر عناوين البريد الإلكتروني هنا.',

  'help.manage.edit': 'تعديل',
  'help.manage.cancel': 'إلغاء',
  'help.manage.save': 'حفظ',
  'help.manage.loading': 'جارٍ تحميل محتوى المساعدة',
  'help.manage.loadFailed': 'تعذّر تحميل محتوى المساعدة. يُرجى المحاولة مرة أخرى.',
  'help.manage.noEntries': 'لا توجد عناصر.',
  'help.manage.chooseEdit': 'اختر «تعديل» لإضافة عنصر.',
  'help.manage.add.instructions': 'إضافة تعليمة',
  'help.manage.add.contactDetails': 'إضافة بيان اتصال',
  'help.manage.add.emails': 'إضافة بريد إلكتروني',
  'help.manage.entry.instructions': 'التعليمات، العنصر {index}',
  'help.manage.entry.contactDetails': 'بيانات الاتصال، العنصر {index}',
  'help.manage.entry.emails': 'عناوين البريد الإلكتروني، العنصر {index}',
  'help.manage.delete.instructions': 'حذف التعليمة {index}',
  'help.manage.delete.contactDetails': 'حذف بيان الاتصال {index}',
  'help.manage.delete.emails': 'حذف البريد الإلكتروني {index}',
  'help.manage.conflictRecord': 'صفحة المساعدة',
  'help.manage.saved.title': 'حُدِّث محتوى المساعدة',
  'help.manage.saved.message': 'حُدِّثت صفحة المساعدة بنجاح.',
  'help.manage.saveFailed': 'تعذّر حفظ صفحة المساعدة. يُرجى المحاولة مرة أخرى.',
};

export default ar;
