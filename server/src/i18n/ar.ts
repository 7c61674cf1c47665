import api from '@portal/contract/messages/ar';
import type { Catalogue } from './en';

/** Issue 34: Arabic, a first version for a native speaker's review (docs/translations.md). */
const ar: Catalogue = {
  ...api,
  'verify.language': 'اللغة',
  'verify.footer':
    'لا تعرض هذه الصفحة إلا ما تنشره الهيئة ليتمكن أي شخص من التحقق من الشهادة. لا حاجة إلى حساب، ولا يُسجَّل أي شيء عنك.',
  'verify.headline':
    '{status, select, Active {شهادة صالحة} Expired {شهادة منتهية الصلاحية} Inactive {شهادة غير نشطة} Revoked {شهادة ملغاة} other {تعذّر التحقق من الشهادة}}',
  'verify.status':
    '{status, select, Active {نشطة} Expired {منتهية الصلاحية} Inactive {غير نشطة} Revoked {ملغاة} other {{status}}}',
  'verify.statusLine.active': 'نشطة، صالحة حتى {validTill}',
  'verify.statusLine.expired': 'انتهت صلاحيتها في {validTill}',
  'verify.statusLine.expiredRenewing': 'انتهت صلاحيتها في {validTill}؛ التجديد قيد المعالجة',
  'verify.statusLine.inactive': 'غير نشطة',
  'verify.statusLine.inactiveSince': 'غير نشطة منذ {since}',
  'verify.statusLine.revoked': 'أُلغيت في {since}',
  'verify.authentic': 'أصلية.',
  'verify.signatureChecksOut':
    '{status, select, Active {التوقيع الرقمي للهيئة على هذه الشهادة سليم.} Expired {التوقيع الرقمي للهيئة على هذه الشهادة سليم، لكن الشهادة منتهية الصلاحية.} Inactive {التوقيع الرقمي للهيئة على هذه الشهادة سليم، لكن الشهادة غير نشطة.} other {التوقيع الرقمي للهيئة على هذه الشهادة سليم، لكن الشهادة ملغاة.}}',
  'verify.signatureFails': 'التوقيع غير سليم.',
  'verify.signatureFailsAdvice': 'لا تعتمد على هذه الشهادة؛ تواصل مع الهيئة.',
  'verify.about': 'عن هذه الشهادة',
  'verify.criteria': 'كيف تُنال:',
  'verify.walletQuestion': 'هل هذه شهادتك؟',
  'verify.walletLink': 'أضفها إلى محفظة رقمية',
  'verify.holder': 'الحامل',
  'verify.notClaimed': 'لم يُطالب بها بعد',
  'verify.credential': 'الشهادة',
  'verify.certificateNo': 'رقم الشهادة',
  'verify.issued': 'تاريخ الإصدار',
  'verify.validTill': 'صالحة حتى',
  'verify.statusLabel': 'الحالة',
  'verify.checks': 'ما تحققت منه هذه الصفحة',
  'verify.checkedAt': 'تم التحقق في {moment}',
  'verify.passed': 'ناجح',
  'verify.failed': 'فاشل',
  'verify.issuedBy': 'صادرة عن {board}',
  'verify.notIssuedBy': 'غير صادرة عن {board}',
  'verify.issuedByDetail': 'تذكر الشهادة الهيئة بوصفها جهة الإصدار، وهي موقّعة بمفتاح الهيئة.',
  'verify.notIssuedByDetail': 'لا تذكر الشهادة الهيئة، أو ليست موقّعة بمفتاح الهيئة.',
  'verify.signatureIntact': 'التوقيع سليم',
  'verify.signatureBroken': 'التوقيع غير سليم',
  'verify.signatureIntactDetail': 'لم يتغير فيها شيء منذ أن وقّعتها الهيئة.',
  'verify.signatureBrokenDetail': 'ليست ما وقّعته الهيئة، أو لم تعد تطابق سجل الهيئة.',
  'verify.notRevoked': 'غير ملغاة',
  'verify.revoked': 'ملغاة',
  'verify.notSuspended': 'لم تُعطَّل',
  'verify.suspended': 'غير نشطة',
  'verify.suspendedDetail': 'عطّلت الهيئة هذه الشهادة. لا تُعدّ صالحة حتى تعيد الهيئة تفعيلها.',
  'verify.notExpired': 'لم تنتهِ صلاحيتها',
  'verify.notExpiredDetail': 'صالحة حتى {validTill}.',
  'verify.technical': 'التفاصيل التقنية',
  'verify.issuerDid': 'جهة الإصدار (DID)',
  'verify.issuerKeys': 'المفاتيح العامة لجهة الإصدار',
  'verify.didDocument': 'مستند DID ‏(JSON)',
  'verify.signed': 'وُقّعت',
  'verify.format': 'الصيغة',
  'verify.proof': 'الإثبات',
  'verify.credentialId': 'معرّف الشهادة',
  'verify.statusList': 'قائمة الإلغاء',
  'verify.statusListLink': 'قائمة الحالة (JSON)',
  'verify.statusListKind': 'قائمة حالة W3C Bitstring Status List',
  'verify.asData': 'هذا التحقق كبيانات',
  'verify.asJson': 'هذا التحقق بصيغة JSON',
  'verify.moreLabel': 'لحامل الشهادة، وللإبلاغ عن مشكلة',
  'verify.report': 'الإبلاغ عن مشكلة في هذه الشهادة',
  'verify.reportTo': '(رسالة بريد إلكتروني إلى {email})',
  'verify.cardDescription': '{credentialName}، الشهادة {certificateNo} من {board}. {statusLine}.',
  'verify.superseded': 'استُبدلت بنسخة أحدث',
  'verify.supersededText':
    'هذه النسخة (الإصدار {number}) من «{credentialName}» استُبدلت بنسخة أحدث، ولم يعد التحقق منها ممكنًا.',
  'verify.supersededTextOn':
    'هذه النسخة (الإصدار {number}) من «{credentialName}» استُبدلت في {day} بنسخة أحدث، ولم يعد التحقق منها ممكنًا.',
  'verify.current': 'عرض الشهادة كما هي الآن',
  'verify.notFound': 'الشهادة غير موجودة',
  'verify.notFoundText':
    'لا توجد شهادة بهذا الرابط للتحقق. تأكد من أن الرابط كامل، أو اطلب رابطًا جديدًا من حامل الشهادة.',
  'mail.greeting': 'مرحبًا {name}،',
  'mail.greetingNoName': 'مرحبًا،',
  'mail.listSeparator': '، ',
  'mail.verification.subject': 'رمز التحقق الخاص بك',
  'mail.verification.text':
    '{greeting}\n\nرمز التحقق الخاص بك لبوابة {product} هو:\n\n    {code}\n\nأدخله في صفحة التحقق. الرمز صالح لمدة {minutes} دقائق.\nإذا لم تقم بالتسجيل، يمكنك تجاهل هذه الرسالة.',
  'mail.reset.subject': 'إعادة تعيين كلمة المرور',
  'mail.reset.text':
    '{greeting}\n\nطلب شخص ما إعادة تعيين كلمة مرور حسابك في {product}.\nلاختيار كلمة مرور جديدة، افتح هذا الرابط خلال ساعة واحدة:\n\n    {link}\n\nيعمل الرابط مرة واحدة. إذا لم تطلبه، تجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
  'mail.passwordChanged.subject': 'تم تغيير كلمة المرور',
  'mail.passwordChanged.text':
    '{greeting}\n\nتم للتو تغيير كلمة مرور حسابك في {product}، وأُنهيت كل الجلسات المفتوحة.\n\nإذا لم تكن أنت، فأعد تعيين كلمة المرور فورًا واكتب إلى {supportEmail}.',
  'mail.signupAttempt.subject': 'حاول شخص ما التسجيل بعنوان بريدك الإلكتروني',
  'mail.signupAttempt.text':
    '{greeting}\n\nحاول شخص ما للتو إنشاء حساب في {product} بعنوان البريد الإلكتروني هذا، وله حساب بالفعل.\nلم يُنشأ أي حساب جديد.\n\nإذا كنت أنت، فسجّل الدخول من {loginUrl}، أو اختر كلمة مرور جديدة من\n{resetUrl} إذا لم تعد تتذكرها.\n\nإذا لم تكن أنت، يمكنك تجاهل هذه الرسالة: لم يتغير شيء في حسابك.',
  'reminder.title':
    'تنتهي صلاحية «{name}» {days, plural, =0 {اليوم} =1 {غدًا} =2 {بعد يومين} few {بعد # أيام} many {بعد # يومًا} other {بعد # يوم}}',
  'reminder.message': 'شهادتك «{name}» (رقم {certificateNo}) صالحة حتى {validTill}. جدّدها قبل ذلك لتبقى معتمدًا.',
  'reminder.subject':
    'تذكير بالتجديد: تنتهي صلاحية {name} {days, plural, =0 {اليوم} =1 {غدًا} =2 {بعد يومين} few {بعد # أيام} many {بعد # يومًا} other {بعد # يوم}}',
  'reminder.text':
    '{greeting}\n\nشهادتك «{name}» (رقم {certificateNo}) صالحة حتى {validTill}.\n{progress}\nجدّدها من هنا: {renewal}\n\nشهاداتك في البوابة: {certificates}\n\nتصلك هذه الرسالة لأن تذكيرات التجديد مفعّلة في ملفك الشخصي. لإيقافها بالبريد الإلكتروني\n(ستظل تراها في البوابة)، أوقفها من ملفك الشخصي، أو افتح: {unsubscribe}',
  'renewal.progress.missing': 'بقي تسجيل {missing} من {totalHours} ساعة',
  'renewal.progress.missingInCategories': 'بقيت ساعات لم تُسجَّل',
  'renewal.progress.category': '{hours} في {category}',
  'renewal.progress.complete': 'سُجّلت كل الساعات ({totalHours}): قدّم طلب التجديد.',
  'renewal.progress.underReview': 'طلب التجديد الخاص بك قيد المراجعة.',
  'mail.renewed.subject': 'تم تجديد شهادتك {certificateNo}',
  'mail.renewed.text':
    '{greeting}\n\nوافقت الهيئة على تجديد «{name}» (رقم {certificateNo}). أصبحت صالحة حتى {validTill}.\n\nنزّل الاعتماد المجدَّد من شهاداتي ({certificatesUrl}) واستبدل به القديم\nأينما تحفظه، مثل المحفظة الرقمية. لم يتغير رابط التحقق ولا رمز QR.',
  'mail.renewalDecision.subject':
    '{decision, select, Rejected {لم تتم الموافقة على تجديد شهادتك {certificateNo}} other {يحتاج تجديد شهادتك {certificateNo} إلى مزيد من التعليم المستمر}}',
  'mail.renewalDecision.text':
    '{greeting}\n\n{decision, select, Rejected {لم توافق الهيئة على تجديد «{name}» (رقم {certificateNo}).} other {أعادت الهيئة طلب تجديد «{name}» (رقم {certificateNo}): بعد المراجعة، لم تعد الساعات تستوفي القواعد.}}\n\nالسبب: {reason}\n\nراجع تعليمك المستمر وقدّم الطلب مرة أخرى من {renewalUrl}.',
  'mail.factorsReset.subject': 'تمت إعادة تعيين تسجيل الدخول بخطوتين',
  'mail.factorsReset.text':
    '{greeting}\n\nأعاد مسؤول في بوابة {product} للتو تعيين تسجيل الدخول بخطوتين لحسابك:\nلم يعد تطبيق المصادقة ورموز الاسترداد يعملان، وأُنهيت كل الجلسات المفتوحة.\nسجّل الدخول بكلمة المرور وأعد إعداد تسجيل الدخول بخطوتين.\n\nإذا لم تطلب ذلك، فاكتب فورًا إلى {supportEmail}.',
  'mail.factor.app': 'تطبيق مصادقة',
  'mail.factor.passkey': 'مفتاح المرور «{name}»',
  'mail.factor.newCodes': 'وأُنشئت معه رموز استرداد جديدة.',
  'mail.factor.off': 'تسجيل الدخول بخطوتين متوقف الآن.',
  'mail.factor.subject':
    '{change, select, added {أضيف عامل تسجيل دخول إلى حسابك} other {أزيل عامل تسجيل دخول من حسابك}}',
  'mail.factor.what':
    '{change, select, added {أضيف عامل تسجيل دخول، {factor}، إلى حسابك في {when}.} other {أزيل عامل تسجيل دخول، {factor}، من حسابك في {when}.}}',
  'mail.factor.text':
    '{greeting}\n\n{what}\n\nإذا كنت أنت، فلا حاجة لفعل شيء.\n\nإذا لم تكن أنت، فربما يستخدم شخص ما جلستك المفتوحة:\n1. اختر كلمة مرور جديدة من {resetUrl}: هذا ينهي كل الجلسات.\n2. اكتب إلى {supportEmail} ليعيد مسؤول تعيين تسجيل الدخول بخطوتين.',
  'mail.revoked.subject': 'أُلغيت شهادتك {certificateNo}',
  'mail.revoked.text':
    '{greeting}\n\nألغت الهيئة شهادتك «{name}» (رقم {certificateNo}).\n\nالسبب: {reason}\n\nكل من يتحقق منها على {verificationUrl} يراها الآن ملغاة.\nإذا كنت تعتقد أن هذا خطأ، فاكتب إلى {supportEmail}.',
  'mail.reinstated.subject': 'أعيدت شهادتك {certificateNo}',
  'mail.reinstated.text':
    '{greeting}\n\nأعادت الهيئة شهادتك «{name}» (رقم {certificateNo}): لم تعد ملغاة.\n\nكل من يتحقق منها على {verificationUrl} يرى حالتها الحالية.',
  'mail.newCopy.subject': 'نزّل شهادتك المحدّثة {certificateNo}',
  'mail.newCopy.text':
    '{greeting}\n\nحدّثت الهيئة شهادتك «{name}» (رقم {certificateNo})، فوُقّعت من جديد.\n\nملف الاعتماد الذي نزّلته قبل هذا التغيير لم يعد يجتاز التحقق. نزّل الملف الجديد من\nشهاداتي ({certificatesUrl}) واستبدل به القديم أينما تحفظه، مثل المحفظة الرقمية.\nلم يتغير رابط التحقق ولا رمز QR.',
  'inbox.revoked.title': 'أُلغيت «{name}»',
  'inbox.revoked.message': 'ألغت الهيئة شهادتك «{name}» (رقم {certificateNo}). السبب: {reason}',
  'inbox.newCopy.title': 'نزّل «{name}» مرة أخرى',
  'inbox.newCopy.message':
    'حدّثت الهيئة شهادتك «{name}» (رقم {certificateNo}). ملف الاعتماد الذي نزّلته من قبل لم يعد يجتاز التحقق: نزّل الملف الجديد من هنا.',
  'inbox.renewalDecision.title':
    '{decision, select, Rejected {لم تتم الموافقة على تجديد «{name}»} other {أعيد طلب تجديد «{name}»}}',
  'inbox.renewalDecision.message': 'السبب: {reason}',
  'inbox.renewed.title': 'جُدّدت «{name}»',
  'inbox.renewed.message': 'وافقت الهيئة على تجديدك: صالحة حتى {validTill}. نزّل الاعتماد المجدَّد.',
  'pdf.heading': 'شهادة',
  'pdf.certifies': 'تشهد هذه الوثيقة بأن',
  'pdf.holds': 'حاصل على الاعتماد',
  'pdf.certificateNo': 'رقم الشهادة',
  'pdf.issued': 'تاريخ الإصدار',
  'pdf.validTill': 'صالحة حتى',
  'pdf.status': '{status, select, Expired {منتهية الصلاحية} Inactive {غير نشطة} Revoked {ملغاة} other {{status}}}',
  'pdf.verifyAt': 'تحقق من هذه الشهادة على',
  'pdf.untitled': 'شهادة',
  'pdf.keyword': 'شهادة',
  'pdf.creator': 'بوابة {product}',
  'preview.notClaimed': 'لم يُطالب بها بعد',
  'preview.facts': 'رقم الشهادة {certificateNo} · صدرت في {issued}',
  'preview.signatureFails': 'توقيعها الرقمي غير سليم',
  'preview.checkAt': 'تحقق منها على {host}',
};
export default ar;
