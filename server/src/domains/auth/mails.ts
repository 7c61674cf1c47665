import type { Mail } from '../../plugins/mail';

export const verificationMail = (to: string, name: string, code: string, product: string): Mail => ({
  to,
  subject: 'Your verification code',
  text: `Hello ${name},

Your verification code for the ${product} portal is:

    ${code}

Enter it on the verification page. The code is valid for 10 minutes.
If you did not sign up, you can ignore this e-mail.`,
});

export const resetMail = (to: string, name: string, link: string, product: string): Mail => ({
  to,
  subject: 'Reset your password',
  text: `Hello ${name},

Someone asked to reset the password of your ${product} account.
To choose a new password, open this link within one hour:

    ${link}

The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
});

export const passwordChangedMail = (to: string, name: string, supportEmail: string, product: string): Mail => ({
  to,
  subject: 'Your password was changed',
  text: `Hello ${name},

The password of your ${product} account was just changed, and every signed-in session
was ended.

If this was not you, reset your password at once and write to ${supportEmail}.`,
});

/** Issue 12: sign-up answers a taken address like any refused one; its owner hears of it here. */
export const signupAttemptMail = (to: string, name: string, appUrl: string, product: string): Mail => ({
  to,
  subject: 'Someone tried to sign up with your e-mail address',
  text: `Hello ${name},

Someone just tried to create a ${product} account with this e-mail address, which
already has an account. No new account was created.

If it was you, log in at ${appUrl}/login instead, or choose a new password at
${appUrl}/forgot-password if you no longer know it.

If it was not you, you can ignore this e-mail: nothing changed on your account.`,
});
