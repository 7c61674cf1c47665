import { useCallback } from 'react';
import { defineWords } from '../../i18n/catalogues';
import { useT } from '../../i18n/use-t';
import en, { type FrameKey } from './messages/en';

/** Issue 34: the signed-in frame's words; their English comes with the frame's chunk. */
export const frameWords = defineWords('frame', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});

/** The key of a navigation name: navigation.test.tsx checks that every name has one. */
export const navKey = (name: string) => `nav.${name}` as FrameKey;

/** A screen's or menu's name in the navigation (app/navigation.tsx), which is the spec's English. */
export function useNav() {
  const { t } = useT(frameWords);
  return useCallback((name: string) => t(navKey(name)), [t]);
}
