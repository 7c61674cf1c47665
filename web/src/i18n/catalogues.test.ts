import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import ar from './messages/ar';
import en from './messages/en';
import es from './messages/es';
import { pseudoCatalogue } from './pseudo';

/** The names of a message's arguments, those inside a plural's or a select's options included. */
function argumentsOf(elements: MessageFormatElement[], names = new Set<string>()): string[] {
  for (const e of elements) {
    if (e.type !== TYPE.literal && e.type !== TYPE.pound) names.add(e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      for (const option of Object.values(e.options)) argumentsOf(option.value, names);
    }
    if (e.type === TYPE.tag) argumentsOf(e.children, names);
  }
  return [...names].sort();
}

describe('the web catalogues (issue 34)', () => {
  it.each([
    ['es', es],
    ['ar', ar],
  ] as const)('%s has every key of English, no other, each parsing with the same arguments', (_, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    for (const [key, message] of Object.entries(catalogue)) {
      const source = en[key as keyof typeof en];
      expect(argumentsOf(parse(message)), key).toEqual(argumentsOf(parse(source)));
    }
  });

  it('pseudo-localises the words and keeps the arguments', () => {
    const pseudo = pseudoCatalogue(en);
    expect(argumentsOf(pseudo['landing.heroTitle'])).toEqual(['product']);
    const literal = pseudo['auth.login.title'].map((e) => (e.type === TYPE.literal ? e.value : '')).join('');
    expect(literal).toMatch(/^\[Ŵéļçöɱé Ɓàçķ ·+\]$/);
  });
});
