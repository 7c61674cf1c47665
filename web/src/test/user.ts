import type { User } from '@portal/contract';

/** A verified member as the API answers them, with `over` on top (tests only). */
export const makeUser = (over: Partial<User> = {}): User => ({
  _id: 'u1',
  email: 'morgan@example.org',
  name: 'Morgan',
  job: '',
  age: null,
  picture: '',
  gender: '',
  phoneNo: '',
  address: { area: '', state: '', country: '', postalCode: '' },
  certificateNo: 'CRA-1',
  isAdmin: false,
  isVerified: true,
  reminderEmails: true,
  lastLogin: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  version: 1,
  mfaEnabled: false,
  language: 'en',
  ...over,
});
