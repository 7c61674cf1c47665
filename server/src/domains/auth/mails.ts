import type { Mail } from '../../plugins/mail';

export const verificationMail = (to: string, name: string, code: string): Mail => ({
  to,
  subject: 'Your verification code',
  text: `Hello ${name},

Your verification code for the Certified Recycling Advocate portal is:

    ${code}

Enter it on the verification page. The code is valid for 10 minutes.
If you did not sign up, you can ignore this e-mail.`,
});

export const resetMail = (to: string, name: string, link: string): Mail => ({
  to,
  subject: 'Reset your password',
  text: `Hello ${name},

Someone asked to reset the password of your Certified Recycling Advocate account.
To choose a new password, open this link within one hour:

    ${link}

The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
});

export const passwordChangedMail = (to: string, name: string, supportEmail: string): Mail => ({
  to,
  subject: 'Your password was changed',
  text: `Hello ${name},

The password of your Certified Recycling Advocate account was just changed, and every
signed-in session was ended.

If this was not you, reset your password at once and write to ${supportEmail}.`,
});
