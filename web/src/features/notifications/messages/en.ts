/** Issue 34: the member's inbox's and the admin notifications screens' words in English, the source (docs/translations.md). */
const en = {
  'notifications.title': 'Notifications',
  'notifications.bellUnread': 'Notifications ({count} unread)',
  'notifications.inbox.title': 'Your inbox',
  'notifications.inbox.markAllRead': 'Mark all as read',
  'notifications.inbox.unread': 'Unread: ',
  'notifications.inbox.viewCertificate': 'View certificate',
  'notifications.loading': 'Loading notifications',
  'notifications.loadError': 'Error fetching notifications.',
  'notifications.none': 'No notifications available.',
  'notifications.none.popover': 'News from your board appears here.',

  'notifications.manage.title': 'Manage Notifications',
  'notifications.manage.add': 'Add Notification',
  'notifications.manage.emptyDescription': "A notification you add appears in every member's top bar.",
  'notifications.manage.addFirst': 'Add a notification',
  'notifications.manage.pages': 'Notification pages',
  'notifications.manage.delete': 'Delete notification {title}',
  'notifications.manage.deleted.title': 'Notification Deleted.',
  'notifications.manage.deleted.message': 'The notification has been successfully deleted.',
  'notifications.manage.deleteFailed': 'Error deleting notification.',
  'notifications.manage.tryAgain': 'Please try again.',

  'notifications.form.close': 'Close',
  'notifications.form.title': 'Title',
  'notifications.form.message': 'Message',
  'notifications.form.link': 'Link',
  'notifications.form.linkPlaceholder': 'e.g. example.org',
  'notifications.form.cancel': 'Cancel',
  'notifications.form.add': 'Add',
  'notifications.form.added.title': 'Notification Added.',
  'notifications.form.added.message': 'The notification has been successfully added.',
  'notifications.form.addFailed': 'Error adding notification.',
  'notifications.form.emptyField.title': 'Input Validation Error',
  'notifications.form.emptyField.message': 'Please fill in all fields.',
  'notifications.form.invalidUrl.title': 'Invalid URL',
  'notifications.form.invalidUrl.message':
    'The URL provided is not valid. Please enter a valid URL, e.g., example.org or https://example.org',
} as const;

export type Catalogue = Record<keyof typeof en, string>;
export default en satisfies Catalogue;
