/** Issue 34: the chat screen's words in English, the source (docs/translations.md). */
const en = {
  'messages.opened': 'The chat app has been opened in a new tab. You will be redirected to the dashboard.',
  'messages.open': 'Open the chat app',
} as const;

export type Catalogue = Record<keyof typeof en, string>;
export default en satisfies Catalogue;
