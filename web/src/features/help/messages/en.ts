/** Issue 34: the help page's and its admin editor's words in English, the source (docs/translations.md). */
const en = {
  'help.title': 'Help & Support',
  'help.list.instructions': 'Instructions',
  'help.list.contactDetails': 'Contact Details',
  'help.list.emails': 'Emails',
  'help.loadingList': 'Loading {title}',
  'help.empty.title': 'Nothing here yet.',
  'help.empty.description': 'Your board has not added anything to this list.',
  'help.loadError.title': "Unable to load the board's help content.",
  'help.loadError.message': 'The general guidance below is shown instead.',
  'help.default.instructions': 'Instructions will appear here.',
  'help.default.contactDetails': 'Contact details will appear here.',
  'help.default.emails': 'Email addresses will appear here.',

  'help.manage.edit': 'Edit',
  'help.manage.cancel': 'Cancel',
  'help.manage.save': 'Save',
  'help.manage.loading': 'Loading help content',
  'help.manage.loadFailed': 'Unable to load the help content. Please try again.',
  'help.manage.noEntries': 'No entries.',
  'help.manage.chooseEdit': 'Choose Edit to add one.',
  'help.manage.add.instructions': 'Add instruction',
  'help.manage.add.contactDetails': 'Add contact detail',
  'help.manage.add.emails': 'Add email',
  'help.manage.entry.instructions': 'Instructions entry {index}',
  'help.manage.entry.contactDetails': 'Contact Details entry {index}',
  'help.manage.entry.emails': 'Emails entry {index}',
  'help.manage.delete.instructions': 'Delete instruction {index}',
  'help.manage.delete.contactDetails': 'Delete contact detail {index}',
  'help.manage.delete.emails': 'Delete email {index}',
  'help.manage.conflictRecord': 'the help page',
  'help.manage.saved.title': 'Help Content Updated',
  'help.manage.saved.message': 'The help page has been updated successfully.',
  'help.manage.saveFailed': 'The help page could not be saved. Please try again.',
} as const;

export type Catalogue = Record<keyof typeof en, string>;
export default en satisfies Catalogue;
