/** Issue 34: the profile screen's words in English, the source (docs/translations.md). */
const en = {
  'profile.field.email': 'Email',
  'profile.field.name': 'Name',
  'profile.field.job': 'Job',
  'profile.field.age': 'Age',
  'profile.field.gender': 'Gender',
  'profile.field.phoneNo': 'Phone Number',
  'profile.field.address': 'Address',
  'profile.field.addressArea': 'Address Area',
  'profile.field.state': 'State',
  'profile.field.country': 'Country',
  'profile.field.postalCode': 'Postal Code',
  'profile.field.picture': 'Picture',
  'profile.field.language': 'Language',
  'profile.joinedSince': 'Joined Since',
  'profile.generalInformation': 'General Information',
  'profile.update': 'Update Profile',

  'profile.form.picture': 'Profile Picture',
  'profile.form.choosePicture': 'Choose an image',
  'profile.form.save': 'Save',
  'profile.form.conflictRecord': 'your profile',
  'profile.form.pictureSet': 'set',
  'profile.form.updated.title': 'Profile updated.',
  'profile.form.updated.message': 'Your profile has been updated successfully.',
  'profile.form.failed.title': 'Failed to update profile.',
  'profile.form.failed.message': 'There was an error updating your profile. Please try again later.',

  'profile.reminders.label': 'Renewal reminders by e-mail',
  'profile.reminders.description':
    'Before a certificate expires. They always appear in your inbox (the bell at the top).',
  'profile.reminders.updated': 'Profile updated',
  'profile.reminders.on': 'Renewal reminders will come by e-mail.',
  'profile.reminders.off': 'Renewal reminders will no longer come by e-mail.',
  'profile.reminders.notUpdated': 'Profile not updated',
  'profile.reminders.conflict':
    'Someone else changed your profile since you opened it. It now shows their changes: please try again.',
} as const;

export type Catalogue = Record<keyof typeof en, string>;
export default en satisfies Catalogue;
