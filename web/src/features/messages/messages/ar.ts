import type { Catalogue } from './en';

/** Issue 34: Arabic, a first version for a native speaker's review (docs/translations.md). */
const ar: Catalogue = {
  'messages.opened': 'فُتح تطبيق المحادثة في علامة تبويب جديدة. ستعود إلى لوحة التحكم.',
  'messages.open': 'فتح تطبيق المحادثة',
};

export default ar;
