/**
 * Issue 34: the web app's words in English, the source language, in ICU MessageFormat. A
 * translation (es.ts, ar.ts) has every key of this one: TypeScript refuses one that lacks a key,
 * and catalogues.test.ts one whose arguments differ. docs/translations.md says how to add a language.
 */
const en = {
  'language.current': 'Language: {language}',
  'language.label': 'Language',
  'common.skipToContent': 'Skip to main content',
  'common.logo': '{product} logo',

  'landing.signUp': 'Sign Up',
  'landing.login': 'Login',
  'landing.account': 'Account',
  'landing.goToDashboard': 'Go to dashboard',
  'landing.welcomeTitle': "You're in, {name}",
  'landing.welcomeText': 'Your email address is verified and your account is ready.',
  'landing.heroTitle': 'Welcome to {product}',
  'landing.heroText': 'Your pathway to professional certification',
  'landing.contactTitle': 'Contact Us',
  'landing.contactError': 'The contact details cannot be shown right now. Please try again later.',
  'landing.supportEmail': 'Support email: {email}',
  'landing.boardWebsite': 'Certifying board website: {url}',
  'landing.certifiedTitle': 'For Certified Users',
  'landing.certifiedText1':
    'Already certified? Log in with the same email address you used when you registered with the certifying board.',
  'landing.certifiedText2': 'You may need your certification number, so keep it at hand.',
  'landing.notCertifiedTitle': 'For Non-Certified Individuals',
  'landing.notCertifiedText1':
    'Not certified yet? You must get certified first: complete the training and pass the exam on the certifying board’s own website.',
  'landing.notCertifiedText2': 'Once you are certified, come back here and log in.',
  'landing.getStarted': 'Get Started',
  'landing.signIn': 'Sign In',
  'landing.copyright': '© {year} {product}',

  'auth.emailAddress': 'Email Address',
  'auth.password': 'Password',
  'auth.showPassword': 'Show password',
  'auth.login.title': 'Welcome Back',
  'auth.login.forgot': 'Forgot password?',
  'auth.login.submit': 'Login',
  'auth.login.noAccount': "Don't have an account?",
  'auth.login.signUp': 'Sign up',
  'auth.signup.title': 'Create Account',
  'auth.signup.intro': 'Use the email address and certificate number you registered with the certifying board.',
  'auth.signup.fullName': 'Full Name',
  'auth.signup.certificateNo': 'Certificate No',
  'auth.signup.certificateNoHint': 'Printed on your certificate after “No”, and in the board’s e-mail that awarded it.',
  'auth.signup.submit': 'Sign Up',
  'auth.signup.haveAccount': 'Already have an account?',
  'auth.signup.logIn': 'Log in',
  'auth.signup.noRecordHelp':
    'Sure of both? The board may have another address on record: write to {email} with your name and certificate number.',
  'auth.forgot.title': 'Forgot Password',
  'auth.forgot.sent': 'If an account exists for {email}, you will receive a password reset link shortly.',
  'auth.forgot.intro': 'Enter the email address of your account and we will send you a link to reset your password.',
  'auth.forgot.submit': 'Send Reset Link',
  'auth.backToLogin': 'Back to Login',
  'auth.strength.meter': 'Password strength',
  'auth.strength.label': 'Password strength: {level}',
  'auth.strength.level': '{score, select, 0 {Very Weak} 1 {Weak} 2 {Fair} 3 {Good} other {Strong}}',
  'auth.strength.checklist': 'Password checklist',
  'auth.strength.length': 'At least {min} characters',
  'auth.strength.uppercase': 'An uppercase letter',
  'auth.strength.lowercase': 'A lowercase letter',
  'auth.strength.number': 'A number',
  'auth.strength.special': 'A special character',
  'auth.strength.met': ' (met)',
  'auth.strength.notMet': ' (not met)',
  'auth.strength.rule': 'To be accepted, a password needs at least {min} characters and must not be a common password.',
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
export default en satisfies Catalogue;
