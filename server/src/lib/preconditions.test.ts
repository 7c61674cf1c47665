import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from './errors';
import {
  contentTag,
  IF_MATCH_INVALID,
  IF_MATCH_MAX_LENGTH,
  IF_MATCH_TOO_LONG,
  notModified,
  parseIfMatch,
} from './preconditions';

/** Issue 16: If-Match as RFC 9110 §13.1.1 reads it, against a record at version 3. */
describe('parseIfMatch', () => {
  it.each([
    ['*', true],
    [' * ', true],
    ['"3"', true],
    ['"2"', false],
    ['"1", "3"', true],
    ['"1","2"', false],
    ['  "3"  ,', true],
    [', "3"', true],
    ['"a,b", "3"', true],
    ['W/"3"', false],
    ['W/"3", "3"', true],
    ['"03"', false],
    ['""', false],
  ])('%s at version 3: %s', (header, matches) => {
    expect(parseIfMatch(header)(3)).toBe(matches);
  });

  it.each(['3', 'W/3', '"3" "4"', '"3', '3"', '', ' , ', '*, "3"', 'w/"3"', '"3"x'])('refuses %j (400)', (header) => {
    const refused = (() => {
      try {
        parseIfMatch(header);
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 400, message: IF_MATCH_INVALID });
  });
});

/**
 * Issue 30, F12: a header of blanks made the list's regular expression backtrack (16 KB of them
 * held the event loop 170 ms). The header is capped, and read by a scanner that looks at each
 * character once; its answers are those of the RFC's grammar as the regular expression read it.
 */
describe('parseIfMatch on hostile input (issue 30, F12)', () => {
  /** The grammar as the earlier parser wrote it: the reference for what each header means. */
  const ELEMENT = /[ \t]*(?:(W\/)?"([!#-~\x80-\xff]*)")?[ \t]*(?:,|$)/y;
  function reference(value: string): ((version: number) => boolean) | 'refused' {
    if (value.trim() === '*') return () => true;
    const strong: string[] = [];
    let any = false;
    for (let at = 0; at < value.length;) {
      ELEMENT.lastIndex = at;
      const element = ELEMENT.exec(value);
      if (!element || element[0] === '') return 'refused';
      if (element[2] !== undefined) {
        any = true;
        if (element[1] === undefined) strong.push(`"${element[2]}"`);
      }
      at = ELEMENT.lastIndex;
    }
    return any ? (version) => strong.includes(`"${version}"`) : 'refused';
  }
  const outcome = (parse: () => (version: number) => boolean) => {
    try {
      const matches = parse();
      return [1, 2, 3, 12].map((v) => matches(v));
    } catch (err) {
      expect(err).toMatchObject({ statusCode: 400 });
      return 'refused';
    }
  };

  it('refuses an If-Match over 1 KB (400, saying why) before reading it', () => {
    for (const header of [
      ' '.repeat(16 * 1024),
      `${'"1", '.repeat(300)}"3"`,
      `${' '.repeat(IF_MATCH_MAX_LENGTH)}"3"`,
    ]) {
      expect(() => parseIfMatch(header)).toThrow(
        expect.objectContaining({ statusCode: 400, message: IF_MATCH_TOO_LONG }),
      );
    }
    expect(parseIfMatch(`${' '.repeat(IF_MATCH_MAX_LENGTH - 3)}"3"`)(3)).toBe(true);
  });

  it('reads the header without a regular expression (nothing can backtrack)', () => {
    const exec = vi.spyOn(RegExp.prototype, 'exec');
    try {
      for (const header of ['"1", W/"2" ,"3"', '*', `${' '.repeat(1000)}x`, '"3"x', ' , '])
        outcome(() => parseIfMatch(header));
      expect(exec).not.toHaveBeenCalled();
    } finally {
      exec.mockRestore();
    }
  });

  it('answers as the grammar does, for any header up to the cap', () => {
    const piece = fc.constantFrom(
      ' ',
      '\t',
      ',',
      '"',
      'W/',
      'w',
      '*',
      '1',
      '3',
      '12',
      'x',
      '\u00e9',
      '\u0100',
      ' '.repeat(200),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const header = pieces.join('').slice(0, IF_MATCH_MAX_LENGTH);
        const expected = reference(header);
        expect(outcome(() => parseIfMatch(header))).toEqual(
          expected === 'refused' ? 'refused' : [1, 2, 3, 12].map((v) => expected(v)),
        );
      }),
      { numRuns: 2000 },
    );
  });
});

/** Issue 31: If-None-Match as RFC 9110 §13.1.2 reads it, against a status list tagged "abc". */
describe('notModified', () => {
  it.each([
    ['"abc"', true],
    ['*', true],
    [' * ', true],
    // §8.8.3.2: If-None-Match compares weakly, so W/"abc" names the same copy.
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"a,b" ,W/"x",  "abc" ,', true],
    ['"x"', false],
    ['"ab"', false],
    ['"abc "', false],
    ['W/"x"', false],
    // Not the syntax: asks nothing, so the whole answer is sent.
    ['abc', false],
    ['"abc" "abc"', false],
    ['*, "abc"', false],
    ['w/"abc"', false],
    ['', false],
    [' , ', false],
  ])('%j: %s', (header, matches) => {
    expect(notModified(header, '"abc"')).toBe(matches);
  });

  it('asks nothing without the header or with one over the cap, and reads repeated ones as one list', () => {
    expect(notModified(undefined, '"abc"')).toBe(false);
    expect(notModified(`${' '.repeat(IF_MATCH_MAX_LENGTH)}"abc"`, '"abc"')).toBe(false);
    expect(notModified(`${' '.repeat(IF_MATCH_MAX_LENGTH - 5)}"abc"`, '"abc"')).toBe(true);
    expect(notModified(['"x"', '"abc"'], '"abc"')).toBe(true);
  });

  it('tags a body by its SHA-256, quoted and base64url: the same bytes, the same tag', () => {
    expect(contentTag('{}')).toBe('"RBNvo1WzZ4oRRq0W9-hknpT7T8If536DEMBg9hyq_4o"');
    expect(contentTag('{"a":1}')).not.toBe(contentTag('{"a":2}'));
  });
});
