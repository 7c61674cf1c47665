import type { Catalogue } from './en';

/** Issue 34: Arabic, a first version for a native speaker's review (docs/translations.md). */
const ar: Catalogue = {
  'twoFactor.title': 'تسجيل الدخول بخطوتين',
  'twoFactor.required.title': 'فعّل تسجيل الدخول بخطوتين',
  'twoFactor.required.text': 'يسجّل المسؤولون الدخول بعامل ثانٍ. فعّله لتتمكن من استخدام شاشات الإدارة.',
  'twoFactor.statusFailed': 'تعذّر تحميل إعدادات تسجيل الدخول.',
  'twoFactor.on': 'تسجيل الدخول بخطوتين مفعّل.',
  'twoFactor.codesLeft': 'رموز الاسترداد المتبقية: {count}',
  'twoFactor.lost':
    'فقدت هاتفك أو مفتاح المرور؟ سجّل الدخول برمز استرداد. لا يستطيع إعادة تعيين تسجيل الدخول بخطوتين لحسابك إلا مسؤول آخر، وسيصلك إشعار بذلك بالبريد الإلكتروني.',
  'twoFactor.totp.on': 'تطبيق المصادقة: مفعّل.',
  'twoFactor.totp.intro':
    'سجّل الدخول بكلمة المرور ورمز مكوّن من 6 أرقام من تطبيق مصادقة (مثل Google Authenticator أو Microsoft Authenticator أو 1Password).',
  'twoFactor.totp.setUp': 'إعداد تطبيق المصادقة',
  'twoFactor.totp.scan': '1. امسح رمز QR هذا بتطبيق المصادقة.',
  'twoFactor.totp.qr': 'رمز QR لتطبيق المصادقة',
  'twoFactor.totp.manual': 'لا يمكنك مسحه؟ أدخل هذا المفتاح في التطبيق: {key}',
  'twoFactor.totp.code': '2. أدخل الرمز المكوّن من 6 أرقام الذي يعرضه التطبيق',
  'twoFactor.totp.turnOn': 'تفعيل',
  'twoFactor.totp.enableFailed': 'تعذّر التفعيل.',
  'twoFactor.totp.setupFailed': 'تعذّر بدء الإعداد.',
  'twoFactor.codes.title': 'احفظ رموز الاسترداد',
  'twoFactor.codes.text':
    'يتيح لك كل رمز تسجيل الدخول مرة واحدة إذا فقدت هاتفك. لا تُعرض الرموز إلا الآن: اطبعها أو احفظها في مدير كلمات المرور.',
  'twoFactor.codes.list': 'رموز الاسترداد',
  'twoFactor.codes.done': 'حفظتها',
  'twoFactor.passkeys.title': 'مفاتيح المرور',
  'twoFactor.passkeys.intro':
    'سجّل الدخول بكلمة المرور ومفتاح مرور: يؤكد هاتفك أو حاسوبك أو مفتاح الأمان أنك أنت، ببصمة الإصبع أو الوجه أو قفل الشاشة. يمكنك إضافة عدة مفاتيح.',
  'twoFactor.passkeys.loadFailed': 'تعذّر تحميل مفاتيح المرور.',
  'twoFactor.passkeys.table': 'مفاتيح المرور الخاصة بك',
  'twoFactor.passkeys.name': 'الاسم',
  'twoFactor.passkeys.added': 'تاريخ الإضافة',
  'twoFactor.passkeys.lastUsed': 'آخر استخدام',
  'twoFactor.passkeys.actions': 'الإجراءات',
  'twoFactor.passkeys.never': 'لم يُستخدم قط',
  'twoFactor.passkeys.remove': 'إزالة',
  'twoFactor.passkeys.removeNamed': 'إزالة مفتاح المرور {name}',
  'twoFactor.passkeys.removeFailed': 'تعذّرت إزالة مفتاح المرور.',
  'twoFactor.passkeys.nameLabel': 'اسم مفتاح المرور',
  'twoFactor.passkeys.nameHint': 'لتميّز مفاتيح المرور بعضها من بعض، مثل: حاسوب العمل',
  'twoFactor.passkeys.addFailed': 'تعذّرت إضافة مفتاح المرور.',
  'twoFactor.passkeys.add': 'إضافة مفتاح مرور',
  'twoFactor.passkeys.unsupported': 'لا يدعم هذا المتصفح مفاتيح المرور.',
  'twoFactor.toast.on': 'تسجيل الدخول بخطوتين مفعّل',
  'twoFactor.toast.saveCodes': 'احفظ رموز الاسترداد الآن.',
  'twoFactor.toast.passkeyAdded': 'تمت إضافة مفتاح المرور',
  'twoFactor.toast.passkeyAddedText': 'استخدمه في المرة القادمة التي تسجّل فيها الدخول.',
  'twoFactor.toast.passkeyRemoved': 'تمت إزالة مفتاح المرور',
  'twoFactor.toast.passkeyRemovedText': 'لم يعد يتيح لك تسجيل الدخول.',
  'twoFactor.toast.totpAdded': 'تمت إضافة تطبيق المصادقة',
  'twoFactor.toast.totpAddedText': 'استخدم رموزه في المرة القادمة التي تسجّل فيها الدخول.',
};

export default ar;
