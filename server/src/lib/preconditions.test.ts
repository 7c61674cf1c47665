import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { IF_MATCH_INVALID, parseIfMatch } from './preconditions';

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
