/**
 * The Mantine components of the frame every screen but the landing page shares (providers.tsx:
 * the session check's loader, the toasts) and of the guest screens (sign-up, login, verify,
 * forgot, reset, not found), with those they build on. A component added to these screens goes
 * here, once: their code goes into the `frame` chunk (vite.config.ts) and their rules into the
 * frame's stylesheet (`@mantine-styles core frame`: mantine-frame.css, mantine-styles.ts).
 */
export const FRAME_COMPONENTS = [
  'ActionIcon',
  'Alert',
  'Anchor',
  'Button',
  'Center',
  'CloseButton',
  'Group',
  'Image',
  'Input',
  'InputBase',
  'List',
  'Loader',
  'Notification',
  'Paper',
  'PasswordInput',
  'Portal',
  'Stack',
  'Text',
  'TextInput',
  'ThemeIcon',
  'Title',
  'Transition',
  'UnstyledButton',
  'VisuallyHidden',
];
