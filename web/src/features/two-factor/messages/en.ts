/** Issue 34: the Two-Factor Sign-In screen's words in English, the source (docs/translations.md). */
const en = {
  'twoFactor.title': 'Two-factor sign-in',
  'twoFactor.required.title': 'Set up two-factor sign-in',
  'twoFactor.required.text': 'Administrators sign in with a second factor. Set it up to use the admin screens.',
  'twoFactor.statusFailed': 'Unable to load your sign-in settings.',
  'twoFactor.on': 'Two-factor sign-in is on.',
  'twoFactor.codesLeft': 'Recovery codes left: {count}',
  'twoFactor.lost':
    'Lost your phone or passkey? Sign in with a recovery code. Only another administrator can reset your two-factor sign-in; you will be told by e-mail.',
  'twoFactor.totp.on': 'Authenticator app: on.',
  'twoFactor.totp.intro':
    'Sign in with your password and a 6-digit code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password).',
  'twoFactor.totp.setUp': 'Set up authenticator app',
  'twoFactor.totp.scan': '1. Scan this QR code with your authenticator app.',
  'twoFactor.totp.qr': 'QR code for your authenticator app',
  /** `key` is the secret itself, shown in a box. */
  'twoFactor.totp.manual': 'Cannot scan it? Enter this key in the app: {key}',
  'twoFactor.totp.code': '2. Enter the 6-digit code the app shows',
  'twoFactor.totp.turnOn': 'Turn on',
  'twoFactor.totp.enableFailed': 'Unable to turn it on.',
  'twoFactor.totp.setupFailed': 'Unable to start the set-up.',
  'twoFactor.codes.title': 'Save your recovery codes',
  'twoFactor.codes.text':
    'Each code signs you in once if you lose your phone. They are shown only now: print them or keep them in your password manager.',
  'twoFactor.codes.list': 'Recovery codes',
  'twoFactor.codes.done': 'I have saved them',
  'twoFactor.passkeys.title': 'Passkeys',
  'twoFactor.passkeys.intro':
    'Sign in with your password and a passkey: your phone, computer or security key confirms it is you, with your fingerprint, face or screen lock. You may add several.',
  'twoFactor.passkeys.loadFailed': 'Unable to load your passkeys.',
  'twoFactor.passkeys.table': 'Your passkeys',
  'twoFactor.passkeys.name': 'Name',
  'twoFactor.passkeys.added': 'Added',
  'twoFactor.passkeys.lastUsed': 'Last used',
  'twoFactor.passkeys.actions': 'Actions',
  'twoFactor.passkeys.never': 'Never',
  'twoFactor.passkeys.remove': 'Remove',
  'twoFactor.passkeys.removeNamed': 'Remove passkey {name}',
  'twoFactor.passkeys.removeFailed': 'Unable to remove the passkey.',
  'twoFactor.passkeys.nameLabel': 'Passkey name',
  'twoFactor.passkeys.nameHint': 'So you can tell your passkeys apart, e.g. Work laptop',
  'twoFactor.passkeys.addFailed': 'Unable to add the passkey.',
  'twoFactor.passkeys.add': 'Add a passkey',
  'twoFactor.passkeys.unsupported': 'This browser cannot use passkeys.',
  'twoFactor.toast.on': 'Two-factor sign-in is on',
  'twoFactor.toast.saveCodes': 'Save your recovery codes now.',
  'twoFactor.toast.passkeyAdded': 'Passkey added',
  'twoFactor.toast.passkeyAddedText': 'Use it the next time you sign in.',
  'twoFactor.toast.passkeyRemoved': 'Passkey removed',
  'twoFactor.toast.passkeyRemovedText': 'It no longer signs you in.',
  'twoFactor.toast.totpAdded': 'Authenticator app added',
  'twoFactor.toast.totpAddedText': 'Use its codes the next time you sign in.',
} as const;

export type Catalogue = Record<keyof typeof en, string>;
export default en satisfies Catalogue;
