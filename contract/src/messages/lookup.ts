import en, { type ApiMessageKey } from './en';

/**
 * Issue 34: the key and arguments of a message the server or the contract wrote in English, by its
 * exact text, so that the server's answers (server/src/lib/api-messages.ts) and a web form's own
 * checks (web/src/lib/contract-form.ts) can say it in the reader's language.
 */

/**
 * A message's text when it has no argument: as written (a message without a `{`, whose only ICU
 * quoting is '' for an apostrophe), or as the web app's build hands it over, compiled to an ICU
 * AST of literals only (web/scripts/compile-messages.ts).
 */
function literalText(source: unknown): string | undefined {
  if (typeof source === 'string') return source.includes('{') ? undefined : source.replaceAll("''", "'");
  if (!Array.isArray(source)) return undefined;
  const literals = source as { type: number; value?: unknown }[];
  return literals.every((e) => e.type === 0 && typeof e.value === 'string')
    ? literals.map((e) => e.value as string).join('')
    : undefined;
}

/**
 * The messages without arguments, by their English text: the English catalogue's own texts (the
 * shipped ones: a deployment's overrides change what a reader sees, not what is looked up).
 */
const EXACT = new Map<string, ApiMessageKey>();
for (const [key, source] of Object.entries(en) as [ApiMessageKey, unknown][]) {
  const text = literalText(source);
  if (text !== undefined) EXACT.set(text, key);
}

/**
 * The messages with a variable part: the English text as a pattern, and the names of the
 * arguments its groups are, in order. Each group's text goes into the translation as it was
 * written (a number is not formatted again; a list of codes stays a list of codes).
 */
const PATTERNS: { pattern: RegExp; key: ApiMessageKey; names: string[] }[] = [
  { pattern: /^Language must be one of: (.+)$/, key: 'api.v.language', names: ['languages'] },
  { pattern: /^Sort by one of (.+)$/, key: 'api.v.sortBy', names: ['columns'] },
  { pattern: /^Status must be one of (.+)$/, key: 'api.v.statusOneOf', names: ['statuses'] },
  { pattern: /^Status is one of (.+)$/, key: 'api.v.renewalStatusOneOf', names: ['statuses'] },
  { pattern: /^At most (\d+) characters$/, key: 'api.v.atMostCharacters', names: ['max'] },
  { pattern: /^At most (\d+) records can be restored at once$/, key: 'api.v.restoreAtMost', names: ['max'] },
  // zod's own messages (zod/v4/locales/en), for a check whose schema gives none.
  { pattern: /^Too big: expected string to have <=(\d+) characters$/, key: 'api.zod.tooLong', names: ['max'] },
  { pattern: /^Too small: expected string to have >=(\d+) characters$/, key: 'api.zod.tooShort', names: ['min'] },
  { pattern: /^Too big: expected array to have <=(\d+) items$/, key: 'api.zod.tooManyItems', names: ['max'] },
  { pattern: /^Too small: expected array to have >=(\d+) items$/, key: 'api.zod.tooFewItems', names: ['min'] },
  { pattern: /^Too big: expected number to be <=(\S+)$/, key: 'api.zod.atMost', names: ['max'] },
  { pattern: /^Too big: expected number to be <(\S+)$/, key: 'api.zod.below', names: ['max'] },
  { pattern: /^Too small: expected number to be >=(\S+)$/, key: 'api.zod.atLeast', names: ['min'] },
  { pattern: /^Too small: expected number to be >(\S+)$/, key: 'api.zod.above', names: ['min'] },
  {
    pattern: /^Invalid input: expected (\w+), received (\w+)$/,
    key: 'api.zod.invalidType',
    names: ['expected', 'received'],
  },
  { pattern: /^Invalid option: expected one of (.+)$/, key: 'api.zod.invalidOption', names: ['options'] },
  { pattern: /^Invalid input: expected (.+)$/, key: 'api.zod.invalidLiteral', names: ['value'] },
  { pattern: /^Unrecognized key: (.+)$/, key: 'api.zod.unrecognizedKey', names: ['keys'] },
  { pattern: /^Unrecognized keys: (.+)$/, key: 'api.zod.unrecognizedKeys', names: ['keys'] },
  { pattern: /^Invalid string: must match pattern (.+)$/, key: 'api.zod.pattern', names: ['pattern'] },
  { pattern: /^Invalid number: must be a multiple of (\S+)$/, key: 'api.zod.multipleOf', names: ['divisor'] },
];

/** zod's names of the formats it checks (`Invalid UUID`), by the `format` of its issue. */
const FORMATS: Record<string, string> = {
  UUID: 'uuid',
  'email address': 'email',
  URL: 'url',
  'ISO datetime': 'datetime',
  'ISO date': 'date',
  'ISO time': 'time',
  'base64url-encoded string': 'base64url',
};

/** The key and arguments of an English message, or undefined for one not in the catalogues. */
export function messageKeyOf(english: string): { key: ApiMessageKey; values: Record<string, string> } | undefined {
  const exact = EXACT.get(english);
  if (exact) return { key: exact, values: {} };
  for (const { pattern, key, names } of PATTERNS) {
    const match = pattern.exec(english);
    if (match) return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  const format = /^Invalid (.+)$/.exec(english)?.[1];
  if (format && FORMATS[format]) return { key: 'api.zod.invalidFormat', values: { format: FORMATS[format] } };
  return undefined;
}
