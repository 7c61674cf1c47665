import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@portal/contract';

/** Toasts of spec §8: a title and a description, closable, 3 s unless told otherwise. */
export const toast = {
  success: (title: string, message: string, autoClose = TOAST_MS) =>
    notifications.show({ title, message, color: 'green', autoClose, withCloseButton: true }),
  error: (title: string, message: string, autoClose = TOAST_MS) =>
    notifications.show({ title, message, color: 'red', autoClose, withCloseButton: true }),
  warning: (title: string, message: string, autoClose = TOAST_MS) =>
    notifications.show({ title, message, color: 'yellow', autoClose, withCloseButton: true }),
};
