import type { Catalogue } from './en';

/** Issue 34: Arabic (Modern Standard), a first version for a native speaker's review (docs/translations.md). */
const ar: Catalogue = {
  'profile.field.email': 'البريد الإلكتروني',
  'profile.field.name': 'الاسم',
  'profile.field.job': 'المهنة',
  'profile.field.age': 'العمر',
  'profile.field.gender': 'الجنس',
  'profile.field.phoneNo': 'رقم الهاتف',
  'profile.field.address': 'العنوان',
  'profile.field.addressArea': 'العنوان (المنطقة)',
  'profile.field.state': 'الولاية',
  'profile.field.country': 'الدولة',
  'profile.field.postalCode': 'الرمز البريدي',
  'profile.field.picture': 'الصورة',
  'profile.field.language': 'اللغة',
  'profile.joinedSince': 'عضو منذ',
  'profile.generalInformation': 'معلومات عامة',
  'profile.update': 'تحديث الملف الشخصي',

  'profile.form.picture': 'صورة الملف الشخصي',
  'profile.form.choosePicture': 'اختر صورة',
  'profile.form.save': 'حفظ',
  'profile.form.conflictRecord': 'ملفك الشخصي',
  'profile.form.pictureSet': 'محددة',
  'profile.form.updated.title': 'حُدِّث الملف الشخصي.',
  'profile.form.updated.message': 'حُدِّث ملفك الشخصي بنجاح.',
  'profile.form.failed.title': 'تعذّر تحديث الملف الشخصي.',
  'profile.form.failed.message': 'حدث خطأ أثناء تحديث ملفك الشخصي. يُرجى المحاولة مرة أخرى لاحقًا.',

  'profile.reminders.label': 'تذكيرات التجديد عبر البريد الإلكتروني',
  'profile.reminders.description': 'قبل انتهاء صلاحية الشهادة. تظهر دائمًا في صندوق الوارد لديك (الجرس في الأعلى).',
  'profile.reminders.updated': 'حُدِّث الملف الشخصي',
  'profile.reminders.on': 'ستصلك تذكيرات التجديد عبر البريد الإلكتروني.',
  'profile.reminders.off': 'لن تصلك تذكيرات التجديد عبر البريد الإلكتروني بعد الآن.',
  'profile.reminders.notUpdated': 'لم يُحدَّث الملف الشخصي',
  'profile.reminders.conflict': 'غيّر شخص آخر ملفك الشخصي منذ أن فتحته. يعرض الآن تغييراته: يُرجى المحاولة مرة أخرى.',
};

export default ar;
