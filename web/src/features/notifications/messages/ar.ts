import type { Catalogue } from './en';

/** Issue 34: Arabic (Modern Standard), a first version for a native speaker's review (docs/translations.md). */
const ar: Catalogue = {
  'notifications.title': 'الإشعارات',
  'notifications.bellUnread':
    'الإشعارات ({count, plural, zero {لا إشعارات غير مقروءة} one {إشعار واحد غير مقروء} two {إشعاران غير مقروءين} few {# إشعارات غير مقروءة} many {# إشعارًا غير مقروء} other {# إشعار غير مقروء}})',
  'notifications.inbox.title': 'صندوق الوارد',
  'notifications.inbox.markAllRead': 'تعليم الكل كمقروء',
  'notifications.inbox.unread': 'غير مقروء: ',
  'notifications.inbox.viewCertificate': 'عرض الشهادة',
  'notifications.loading': 'جارٍ تحميل الإشعارات',
  'notifications.loadError': 'حدث خطأ أثناء جلب الإشعارات.',
  'notifications.none': 'لا توجد إشعارات.',
  'notifications.none.popover': 'تظهر هنا أخبار الهيئة.',

  'notifications.manage.title': 'إدارة الإشعارات',
  'notifications.manage.add': 'إضافة إشعار',
  'notifications.manage.emptyDescription': 'يظهر الإشعار الذي تضيفه في الشريط العلوي لدى كل عضو.',
  'notifications.manage.addFirst': 'إضافة إشعار',
  'notifications.manage.pages': 'صفحات الإشعارات',
  'notifications.manage.delete': 'حذف الإشعار {title}',
  'notifications.manage.deleted.title': 'حُذف الإشعار.',
  'notifications.manage.deleted.message': 'حُذف الإشعار بنجاح.',
  'notifications.manage.deleteFailed': 'حدث خطأ أثناء حذف الإشعار.',
  'notifications.manage.tryAgain': 'يُرجى المحاولة مرة أخرى.',

  'notifications.form.close': 'إغلاق',
  'notifications.form.title': 'العنوان',
  'notifications.form.message': 'الرسالة',
  'notifications.form.link': 'الرابط',
  'notifications.form.linkPlaceholder': 'مثال: example.org',
  'notifications.form.cancel': 'إلغاء',
  'notifications.form.add': 'إضافة',
  'notifications.form.added.title': 'أُضيف الإشعار.',
  'notifications.form.added.message': 'أُضيف الإشعار بنجاح.',
  'notifications.form.addFailed': 'حدث خطأ أثناء إضافة الإشعار.',
  'notifications.form.emptyField.title': 'خطأ في التحقق من الإدخال',
  'notifications.form.emptyField.message': 'يُرجى ملء جميع الحقول.',
  'notifications.form.invalidUrl.title': 'عنوان URL غير صالح',
  'notifications.form.invalidUrl.message':
    'عنوان URL المُدخل غير صالح. يُرجى إدخال عنوان URL صالح، مثل example.org أو https://example.org',
};

export default ar;
