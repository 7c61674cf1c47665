import type { Catalogue } from './en';

/** Issue 34: the outbox's words in Modern Standard Arabic. */
const ar: Catalogue = {
  'reports.outbox.label': 'صندوق الصادر',
  'reports.outbox.close': 'إغلاق',
  'reports.outbox.retry': 'إعادة المحاولة',
  'reports.outbox.sending': 'جارٍ الإرسال…',
  'reports.outbox.waiting': '{count} بانتظار الإرسال',
  'reports.outbox.waitingLastSent': '{count} بانتظار الإرسال · آخر إرسال {time}',
  'reports.outbox.allSent': 'أُرسل الكل · آخر إرسال {time}',
  'reports.outbox.allSentNever': 'أُرسل الكل',
  'reports.outbox.offline': 'أنت غير متصل: ستُرسل هذه التقارير عند عودة الاتصال.',
  'reports.outbox.empty': 'لا شيء بانتظار الإرسال على هذا الجهاز.',
  'reports.outbox.hidden':
    '{count, plural, one {تقرير واحد ينتظر على هذا الجهاز؛ سجّل الدخول وأنت متصل لتراه.} two {تقريران ينتظران على هذا الجهاز؛ سجّل الدخول وأنت متصل لتراهما.} few {# تقارير تنتظر على هذا الجهاز؛ سجّل الدخول وأنت متصل لتراها.} many {# تقريرًا ينتظر على هذا الجهاز؛ سجّل الدخول وأنت متصل لتراها.} other {# تقرير ينتظر على هذا الجهاز؛ سجّل الدخول وأنت متصل لتراها.}}',
  'reports.outbox.list': 'التقارير على هذا الجهاز',
  'reports.outbox.noClientName': 'بلا اسم للمستفيد',
  'reports.outbox.savedAt': 'حُفظ في {time}',
  'reports.outbox.sentAt': 'أُرسل {time}',
  'reports.outbox.state.waiting': 'بالانتظار',
  'reports.outbox.state.sending': 'جارٍ الإرسال…',
  'reports.outbox.state.failed': 'لم يُرسل',
  'reports.outbox.state.sent': 'أُرسل',
  'reports.outbox.success': 'تم بنجاح',
  'reports.outbox.submitted': 'أُرسل النموذج بنجاح',
  'reports.outbox.discarded': 'تعذّرت قراءة تقرير محفوظ على هذا الجهاز، فحُذف.',
  'reports.outbox.notSent': 'لم يُرسل أحد التقارير: {reason}',
  'reports.outbox.uploadUnanswered': 'انتهى الرفع دون رد من الخادم',
};

export default ar;
