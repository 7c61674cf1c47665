import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Catalogue } from './catalogues';

/**
 * Issue 34: the pseudo-locale the tests read every screen in. Each letter of a message's own text
 * is accented and the message is a third longer, between brackets; arguments, plurals and selects
 * stay as they are. A text on screen without accents did not come through a catalogue, and a
 * layout that breaks with longer words shows it here first (FormatJS calls this locale en-XA).
 */
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!,
  ]),
);

const accent = (text: string) => text.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c);

function transform(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [key, { ...option, value: transform(option.value) }]),
      );
      return { ...element, options } as MessageFormatElement;
    }
    if (element.type === TYPE.tag) return { ...element, children: transform(element.children) };
    return element;
  });
}

/** The letters of a message's own text: what its padding is a third of. */
const letters = (elements: MessageFormatElement[]): number =>
  elements.reduce(
    (n, e) =>
      n +
      (e.type === TYPE.literal
        ? e.value.length
        : e.type === TYPE.plural || e.type === TYPE.select
          ? Math.max(0, ...Object.values(e.options).map((o) => letters(o.value)))
          : 0),
    0,
  );

/**
 * A message in the pseudo-locale. The build hands the catalogues over compiled (scripts/
 * compile-messages.ts), the unit tests as written; the answer is an AST either way, which
 * react-intl formats as it is.
 */
export function pseudoMessage(message: string | MessageFormatElement[]): MessageFormatElement[] {
  const ast = typeof message === 'string' ? parse(message) : message;
  const padding = '·'.repeat(Math.ceil(letters(ast) * 0.3));
  return [{ type: TYPE.literal, value: '[' }, ...transform(ast), { type: TYPE.literal, value: ` ${padding}]` }];
}

/** What the pseudo-locale hands react-intl: ASTs by key. */
export type PseudoCatalogue = Record<string, MessageFormatElement[]>;

export function pseudoCatalogue(source: Catalogue): PseudoCatalogue {
  return Object.fromEntries(
    Object.entries(source).map(([key, message]) => [key, pseudoMessage(message)]),
  ) as PseudoCatalogue;
}
