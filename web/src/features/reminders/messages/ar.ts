import type { Catalogue } from './en';

/** Issue 34: Arabic, a first version for a native speaker's review (docs/translations.md). */
const ar: Catalogue = {
  'reminders.loading': 'جارٍ تحميل تذكيرات التجديد',
  'reminders.loadFailed': 'تعذّر جلب تذكيرات التجديد. يُرجى المحاولة مرة أخرى.',
  'reminders.title': 'تذكيرات التجديد',
  'reminders.intro':
    'يتلقى كل حامل لشهادة نشطة تذكيرًا واحدًا، بالبريد الإلكتروني وفي صندوق الوارد في البوابة، عند كل عدد من هذه الأعداد من الأيام قبل تاريخ انتهاء صلاحية الشهادة. ويعني 0 يوم انتهاء الصلاحية نفسه. والشهادة التي تصدر أو تُجدَّد داخل إحدى هذه المهل تتلقى تذكير تلك المهلة والتذكيرات التي تليها. الحد الأقصى {max, plural, one {مهلة واحدة} two {مهلتان} few {# مهل} many {# مهلة} other {# مهلة}}، كل منها من 0 إلى {days, plural, one {يوم واحد} two {يومين} few {# أيام} many {# يومًا} other {# يوم}}.',
  'reminders.none': 'لا تُرسَل أي تذكيرات.',
  'reminders.offset': 'التذكير {index}: عدد الأيام قبل انتهاء الصلاحية',
  'reminders.remove': 'إزالة التذكير {index}',
  'reminders.add': 'إضافة تذكير',
  'reminders.reset': 'استعادة القيم الافتراضية',
  'reminders.save': 'حفظ',
  'reminders.checkOffsets': 'راجع المهل',
  'reminders.saved.title': 'تم حفظ تذكيرات التجديد',
  'reminders.saved.message': 'سيُذكَّر الحاملون {when}.',
  'reminders.saved.never': 'لن يُذكَّر الحاملون أبدًا.',
  'reminders.saved.offset':
    '{days, plural, =0 {في يوم انتهاء الصلاحية} one {قبل يوم واحد} two {قبل يومين} few {قبل # أيام} many {قبل # يومًا} other {قبل # يوم}}',
  'reminders.issue.offset': 'يجب أن تكون كل مهلة عددًا صحيحًا من الأيام بين 0 و{days}',
  'reminders.issue.tooMany': 'لا يزيد عدد المهل على {max}',
  'reminders.issue.duplicate': 'لا يجوز تكرار أي مهلة',
};

export default ar;
