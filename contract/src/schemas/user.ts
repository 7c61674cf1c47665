import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { EMAIL_PATTERN, singleLine } from '../patterns';
import { atMost, isoDateTime, recordVersion, sortedListQuery } from './common';

export const address = z.object({
  area: z.string().max(200).default(''),
  state: z.string().max(100).default(''),
  country: z.string().max(100).default(''),
  postalCode: z.string().max(20).default(''),
});
export type Address = z.infer<typeof address>;

/** A user as the API returns it: never a password hash, code or token (ARCHITECTURE §4). */
export const user = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  job: z.string(),
  age: z.number().int().nullable(),
  picture: z.string(),
  gender: z.string(),
  phoneNo: z.string(),
  address,
  certificateNo: z.string(),
  isAdmin: z.boolean(),
  isVerified: z.boolean(),
  /** Renewal reminders by e-mail (issue 15); the in-app ones come regardless. */
  reminderEmails: z.boolean(),
  lastLogin: isoDateTime.nullable(),
  createdAt: isoDateTime,
  /** Issue 16: raised by every edit of the profile or by an admin (not by a login). */
  version: recordVersion,
  /** Issue 19: sign-in asks for a second factor. */
  mfaEnabled: z.boolean(),
  /** Issue 34: the language of the member's screens and of every mail sent to them. */
  language: z.enum(LANGUAGES),
});
export type User = z.infer<typeof user>;

export const emailField = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, atMost('Email', 254))
  .regex(EMAIL_PATTERN, 'Please enter a valid email address.');

const optionalText = (max: number) => z.string().trim().max(max);

/**
 * A name (a person's, a certificate's): one line, whatever was sent (issue 12). Names go
 * verbatim into mails, PDFs and credentials, so control characters are cleaned out, not refused.
 */
export const nameText = (max: number, label = 'Name') => z.string().overwrite(singleLine).max(max, atMost(label, max));

/** '' or the link POST /api/upload answered for an image (the server checks whose it is). */
const pictureLink = optionalText(500).regex(/^(\/api\/files\/[0-9a-f-]{36})?$/, 'Not an image uploaded to this portal');

/**
 * PUT /api/users/{id} (spec §7). A member may change only their own profile fields; e-mail,
 * isAdmin, isVerified and password are not theirs to change (ARCHITECTURE §5): the e-mail and
 * password the profile screen sends are accepted and ignored, anything else unknown is refused.
 */
export const profileUpdate = z.strictObject({
  email: z.string().optional(),
  password: z.string().optional(),
  name: nameText(100).min(1, 'Name is required'),
  job: optionalText(100).default(''),
  age: z.coerce
    .number({ message: 'Age must be a number' })
    .int('Age must be a whole number')
    .min(0)
    .max(150)
    .nullable()
    .default(null),
  picture: pictureLink.default(''),
  gender: optionalText(50).default(''),
  phoneNo: optionalText(30).default(''),
  address: address.strict().default({ area: '', state: '', country: '', postalCode: '' }),
  /** Issue 15: left out, the setting stays as it is. */
  reminderEmails: z.boolean().optional(),
  /** Issue 34: left out, the language stays as it is. */
  language: z.enum(LANGUAGES, { message: `Language must be one of: ${LANGUAGES.join(', ')}` }).optional(),
  /** Issue 16: the version the form was opened at; a precondition, never stored. */
  version: recordVersion.optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdate>;

/** spec §5: the admin's Edit User form; e-mail, name, certificateNo, gender, job, age required. */
export const adminUserUpdate = profileUpdate.extend({
  email: emailField,
  name: nameText(100).min(1, 'Name is required'),
  certificateNo: z.string().trim().min(1, 'Certificate No is required').max(50),
  gender: z.string().trim().min(1, 'Gender is required').max(50),
  job: z.string().trim().min(1, 'Job is required').max(100),
  age: z.coerce.number({ message: 'Age must be a number' }).int('Age must be a whole number').min(0).max(150),
  isAdmin: z.boolean().optional(),
  // The Edit User dialog has no picture: left out, the picture stays as it is.
  picture: pictureLink.optional(),
});
export type AdminUserUpdate = z.input<typeof adminUserUpdate>;

/** Columns the user list sorts by (ARCHITECTURE §4). */
export const USER_SORTS = ['name', 'email', 'certificateNo', 'createdAt', 'lastLogin'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** GET /api/users: q is a case-insensitive part of the name or e-mail (spec §2). */
export const userListQuery = sortedListQuery(USER_SORTS);
export type UserListQuery = z.infer<typeof userListQuery>;

/** Texts the user calls answer with (ARCHITECTURE §5). */
export const USER_MESSAGES = {
  notFound: 'User not found',
  notYourProfile: 'You can only update your own profile',
  emailTaken: 'An account with this email already exists',
  lastAdminDemote: 'This is the last administrator: make another user an administrator first.',
  lastAdminDelete: 'The last administrator cannot be deleted: make another user an administrator first.',
  deleteSelf: 'You cannot delete your own account. Ask another administrator.',
} as const;
