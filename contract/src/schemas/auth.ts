import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, VERIFICATION_CODE_LENGTH } from '../constants';
import { errorBody, isoDateTime } from './common';
import { emailField, nameText, user } from './user';

/** What the server accepts as a new password (ARCHITECTURE §5); the common-list check is the server's. */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const signupBody = z.strictObject({
  name: nameText(100).min(1, 'Full Name is required'),
  email: emailField,
  certificateNo: z.string().trim().min(1, 'Certificate No is required').max(50),
  password: newPassword,
});
export type SignupBody = z.infer<typeof signupBody>;

export const loginBody = z.strictObject({
  email: emailField,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBody>;

export const verifyEmailBody = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), 'Enter the 6-digit code'),
});

export const forgotPasswordBody = z.strictObject({ email: emailField });

export const resetPasswordBody = z.strictObject({ password: newPassword });
export const resetPasswordParams = z.strictObject({
  token: z.string().min(20).max(200),
});

/** Every auth answer (ARCHITECTURE §4): `{ success, message, user }`. */
export const authResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  user: user.optional(),
  /** Issue 19: the password was right; the session waits for the second factor (no user yet). */
  mfaRequired: z.literal(true).optional(),
  /** With mfaRequired: the account holds a passkey, so the second step may offer one. */
  passkey: z.literal(true).optional(),
  /** After a recovery code was used: how many are left. */
  recoveryCodesLeft: z.number().int().optional(),
});
export type AuthResponse = z.infer<typeof authResponse>;

/**
 * A refused verification code or resend (issue 35): how many tries the code has left after a
 * wrong one, and, when a limit is reached, the moment a new try or a new code is possible.
 */
export const verificationRefusal = errorBody.extend({
  triesLeft: z.number().int().min(0).optional(),
  retryAt: isoDateTime.optional(),
});

/** Texts the server answers with, shared so the screens and tests use the same words. */
export const AUTH_MESSAGES = {
  signedUp: 'User created successfully. Check your email for the verification code.',
  verified: 'Email verified successfully',
  loggedIn: 'Logged in successfully',
  loggedOut: 'Logged out successfully',
  invalidCredentials: 'Invalid email or password',
  invalidCode: 'Invalid or expired verification code',
  codeVoid: 'Too many wrong codes. Request a new code.',
  codeSent: 'A new verification code has been sent to your email.',
  forgotSent: 'If an account exists for that email, you will receive a password reset link shortly.',
  resetDone: 'Password reset successful',
  resetInvalid: 'Invalid or expired reset link',
  emailTaken: 'An account with this email already exists',
  notRegistered:
    'We could not find a certificate with this email and certificate number. Use the email and certificate number you registered with the board.',
  commonPassword: 'This password is too common. Choose one that is harder to guess.',
  notAuthenticated: 'Not authenticated',
  notVerified: 'Verify your email address first',
  notAdmin: 'Administrators only',
  tooMany: 'Too many attempts. Please try again later.',
} as const;
