import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import en from './messages/en';
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

/** Every set of words of the web app (the core's and each feature's), by folder and language. */
const files = import.meta.glob<{ default: Record<string, string> }>(
  [
    './messages/*.ts',
    '../features/*/messages/*.ts',
    '../features/*/*/messages/*.ts',
    '../components/messages/*.ts',
    '../app/layouts/messages/*.ts',
  ],
  { eager: true },
);
const sets = new Map<string, Partial<Record<string, Record<string, string>>>>();
for (const [path, module] of Object.entries(files)) {
  const [, folder, language] = /^(.*)\/messages\/([a-z]{2})\.ts$/.exec(path)!;
  sets.set(folder!, { ...sets.get(folder!), [language!]: module.default });
}

describe('the web catalogues (issue 34)', () => {
  it('finds the core set and the features’ sets', () => {
    expect(sets.size).toBeGreaterThan(1);
    expect(sets.get('.')?.en).toBe(en);
  });

  describe.each([...sets])('%s', (_, set) => {
    it.each(['es', 'ar'])('%s has every key of English, no other, each parsing with the same arguments', (language) => {
      const source = set.en!;
      const catalogue = set[language];
      expect(catalogue, `${language}.ts is missing`).toBeDefined();
      expect(Object.keys(catalogue!).sort()).toEqual(Object.keys(source).sort());
      for (const [key, message] of Object.entries(catalogue!)) {
        expect(argumentsOf(parse(message)), key).toEqual(argumentsOf(parse(source[key]!)));
      }
    });
  });

  it('gives no key to two sets: they share one dictionary in each language', () => {
    const owners = new Map<string, string>();
    for (const [folder, set] of sets) {
      for (const key of Object.keys(set.en!)) {
        expect(owners.get(key), `${key} is in ${owners.get(key)} and ${folder}`).toBeUndefined();
        owners.set(key, folder);
      }
    }
  });

  it('pseudo-localises the words and keeps the arguments', () => {
    const pseudo = pseudoCatalogue(en);
    expect(argumentsOf(pseudo['landing.heroTitle']!)).toEqual(['product']);
    const literal = pseudo['auth.login.title']!.map((e) => (e.type === TYPE.literal ? e.value : '')).join('');
    expect(literal).toMatch(/^\[Ŵéļçöɱé Ɓàçķ ·+\]$/);
  });
});
