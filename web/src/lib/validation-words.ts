import en from '@portal/contract/messages/en';
import { messageKeyOf } from '@portal/contract/messages/lookup';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { defineWords, loadWords } from '../i18n/catalogues';
import { formatMessage, messageLanguage } from '../i18n/format';

/**
 * Issue 34: the contract's own messages (the API's, and the checks a form runs in the browser with
 * the contract's schemas), loaded by a form the first time it has a message to show in a language
 * other than English (lib/contract-form.ts): an English screen never downloads them.
 */
export const validationWords = defineWords('api', en, {
  es: () => import('@portal/contract/messages/es'),
  ar: () => import('@portal/contract/messages/ar'),
});

/** A message of the contract's, in the screens' language; one it does not know, as written. */
function say(english: string): string {
  const found = messageKeyOf(english);
  return found ? formatMessage(found.key, found.values, validationWords) : english;
}

/** The messages of a form's errors (nested fields included), in the screens' language. */
function translate(errors: unknown): unknown {
  if (!errors || typeof errors !== 'object') return errors;
  const entries = Object.entries(errors).map(([name, value]) => {
    if (name === 'ref') return [name, value];
    if (name === 'message' && typeof value === 'string') return [name, say(value)];
    return [name, translate(value)];
  });
  return Object.fromEntries(entries);
}

/** A form's errors with the contract's messages in the screens' language, their words loaded first. */
export async function inScreensLanguage<T extends FieldValues>(errors: FieldErrors<T>): Promise<FieldErrors<T>> {
  await loadWords(validationWords, messageLanguage()).catch(() => undefined);
  return translate(errors) as FieldErrors<T>;
}
