import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check values shaped by a zod schema of the contract: mostly what the schema accepts
 * (regexes through `fc.stringMatching`, lengths, enums, numbers in range), mixed with values it
 * must refuse (wrong types, too long, unknown keys, missing keys). Whether a generated value is
 * valid is decided by the schema itself (`safeParse`), never by this generator.
 */
type Def = {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  coerce?: boolean;
  pattern?: RegExp;
  format?: string;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Keys nobody may set through a body (issue 8), offered to every object. */
export const FORBIDDEN_KEYS = ['isAdmin', 'isVerified', '_id', 'userId', 'createdAt', '__proto__', 'constructor'];

/** Any JSON value: what a confused or hostile client might send instead. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, '', ' ', '\u0000', 'null', '[]', '{}', "' OR 1=1 --", '<script>'),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);

const matches = new Map<string, string[]>();
/**
 * Strings a regex accepts, drawn once per regex with a fixed seed (generating them on every
 * run is slow for the URL and e-mail patterns), within the schema's length limits.
 */
function matching(pattern: RegExp, min: number, max: number): fc.Arbitrary<string> {
  const key = `${pattern.source}/${pattern.flags}`;
  if (!matches.has(key)) {
    // fast-check cannot match case-insensitively: the lower-case matches are valid all the same.
    const arbitrary = fc.stringMatching(new RegExp(pattern.source, pattern.flags.replace('i', '')));
    matches.set(key, [...new Set(fc.sample(arbitrary, { numRuns: 40, seed: 7 }))]);
  }
  const pool = matches.get(key)!.filter((m) => m.length >= min && m.length <= max);
  return pool.length ? fc.constantFrom(...pool) : fc.string({ minLength: min, maxLength: Math.min(max, 80) });
}

/**
 * Dates at and just past every edge the stack has (issue 12, L3: the year 0000 was a 500): the
 * ends of the years 1 to 9999, in UTC and across offsets; February 29 of leap and non-leap years
 * and centuries; the two-digit years JavaScript's legacy parser rewrites; the Unix epoch and 2038;
 * expanded years and impossible fields. Offered to every date and timestamp field, and each one
 * sent to every such field by the fuzz suite.
 */
export const BOUNDARY_DATES = [
  '0000-01-01',
  '0000-02-29',
  '0000-12-31',
  '0001-01-01',
  '0001-12-31',
  '0049-12-31',
  '0099-12-31',
  '0100-01-01',
  '1899-12-31',
  '1900-02-29',
  '1969-12-31',
  '1970-01-01',
  '2000-02-29',
  '2023-02-29',
  '2024-02-29',
  '2038-01-19',
  '2100-02-29',
  '9999-12-31',
  '10000-01-01',
  '-0001-01-01',
  '+010000-01-01',
  '275760-09-13',
  '0000-00-00',
  '2024-00-10',
  '2024-04-31',
  '9999-13-01',
  '0000-12-31T23:59:59.999Z',
  '0001-01-01T00:00:00Z',
  '0001-01-01T00:00:00+00:01',
  '0001-01-01T00:00:00-23:59',
  '1900-02-29T00:00:00Z',
  '2024-02-29T12:00:00Z',
  '1970-01-01T00:00:00.000000001Z',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59.999-00:01',
  '9999-12-31T00:00:00+23:59',
  '+010000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '2024-01-01T24:00:00Z',
  '2024-01-01T00:00:60Z',
] as const;

const isDateFormat = (def: Def) => def.type === 'string' && (def.format === 'date' || def.format === 'datetime');

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  let min = 0;
  let max = 60;
  let pattern: RegExp | undefined = def.pattern;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length') min = c.minimum as number;
    if (c.check === 'max_length') max = c.maximum as number;
    if (c.check === 'string_format' && c.pattern instanceof RegExp) pattern ??= c.pattern;
  }
  const fitting = pattern
    ? matching(pattern, min, max)
    : fc.string({ minLength: min, maxLength: Math.min(max, 80), unit: 'binary' });
  return fc.oneof(
    { weight: 16, arbitrary: fitting },
    ...(isDateFormat(def) ? [{ weight: 8, arbitrary: fc.constantFrom(...BOUNDARY_DATES) }] : []),
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    // Just past the longest allowed: the 400 must come from the schema, not the database.
    { weight: 1, arbitrary: fc.constant('x'.repeat(Math.min(max, 100_000) + 1)) },
  );
}

function numberArbitrary(def: Def, schema: z.ZodType): fc.Arbitrary<unknown> {
  const s = schema as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
  const min = Math.max(s.minValue ?? -1e6, -1e9);
  const max = Math.min(s.maxValue ?? 1e6, 1e9);
  // A multipleOf check (hours in quarters, issue 33): multiples of its step in range.
  const step = (def.checks ?? []).map((check) => check._zod.def).find((c) => c.check === 'multiple_of')?.value as
    number | undefined;
  const fitting = step
    ? fc.integer({ min: Math.ceil(min / step), max: Math.floor(max / step) }).map((n) => n * step)
    : s.isInt
      ? fc.integer({ min, max })
      : fc.double({ min, max, noNaN: true });
  return fc.oneof(
    { weight: 16, arbitrary: def.coerce ? fitting.map(String) : fitting },
    { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1, 1.5, Number.MAX_SAFE_INTEGER, '12abc') },
  );
}

function shaped(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def, schema);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries!));
    case 'literal':
      return fc.constantFrom(...def.values!);
    case 'unknown':
    case 'any':
      return junk;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return fc.oneof(
        { weight: 4, arbitrary: shaped(def.innerType!, depth) },
        { weight: 1, arbitrary: fc.constant(def.type === 'nullable' ? null : undefined) },
      );
    case 'pipe':
      // What goes in, and what would come out (a value a transform leaves as it is).
      return fc.oneof(shaped(def.in!, depth), shaped(def.out!, depth));
    case 'union':
      return fc.oneof(...def.options!.map((o) => shaped(o, depth)));
    case 'array':
      return fc.array(arbitraryFor(def.element!, depth + 1), { maxLength: 4 });
    case 'object':
      return objectArbitrary(def.shape!, depth);
    default:
      return junk;
  }
}

/** `arbitrary` one time in ten, null otherwise. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

function objectArbitrary(shape: Record<string, z.ZodType>, depth: number): fc.Arbitrary<unknown> {
  const keys = Object.keys(shape);
  const fields = Object.fromEntries(keys.map((k) => [k, arbitraryFor(shape[k]!, depth + 1)]));
  // Now and then a key left out, and a key the schema does not have (forbidden ones first).
  const dropped = keys.length ? rarely(fc.constantFrom(...keys)) : fc.constant(null);
  const extra = rarely(
    fc.tuple(fc.oneof(fc.constantFrom(...FORBIDDEN_KEYS), fc.string({ minLength: 1, maxLength: 10 })), junk),
  );
  return fc.tuple(fc.record(fields), dropped, extra).map(([value, drop, more]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined && k !== drop) out[k] = v;
    if (more && !(more[0] in shape)) Object.defineProperty(out, more[0], { value: more[1], enumerable: true });
    return out;
  });
}

/** Values for `schema`: mostly shaped by it, sometimes anything at all. */
export function arbitraryFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return junk;
  return fc.oneof({ weight: depth === 0 ? 10 : 40, arbitrary: shaped(schema, depth) }, { weight: 1, arbitrary: junk });
}

/** Whether a field takes a date: a date or timestamp string, or a union or wrapper of one. */
function takesDate(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (isDateFormat(def)) return true;
  if (def.type === 'union') return def.options!.some(takesDate);
  if (def.type === 'pipe') return takesDate(def.in!);
  return def.innerType !== undefined && takesDate(def.innerType);
}

/** The path of every date field of a schema, in nested objects too. */
export function datePaths(schema: z.ZodType, path: string[] = []): string[][] {
  if (takesDate(schema)) return [path];
  const def = defOf(schema);
  if (def.type === 'object') return Object.entries(def.shape!).flatMap(([k, v]) => datePaths(v, [...path, k]));
  if (def.type === 'pipe') return datePaths(def.in!, path);
  return def.innerType ? datePaths(def.innerType, path) : [];
}
