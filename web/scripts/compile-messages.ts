import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/**
 * Issue 34 (decision 0082): the catalogues (src/i18n/messages/*.ts, each feature's messages/*.ts,
 * and the contract's API messages) reach the browser compiled to
 * ICU ASTs, as FormatJS's `formatjs compile --ast` would write them, and the ICU parser is left out
 * of the bundle (its `no-parser` build stands in for it): react-intl formats an AST without parsing.
 * A message that does not parse fails the build. The unit tests read the catalogues as written.
 */
const CATALOGUE =
  /[\\/](?:web[\\/]src[\\/](?:i18n|features(?:[\\/][a-z-]+)+|components|app[\\/]layouts)|contract[\\/]src)[\\/]messages[\\/][a-z]{2}\.ts$/;

export function compileMessages(): Plugin {
  return {
    name: 'portal:compile-messages',
    enforce: 'post',
    async transform(code, id) {
      if (!CATALOGUE.test(id)) return null;
      // Vite has stripped the types: what is left is the object and its default export.
      const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
        default: Record<string, string>;
      };
      const compiled = Object.fromEntries(
        Object.entries(module.default).map(([key, message]) => {
          try {
            return [key, parse(message)];
          } catch (err) {
            throw new Error(`${id}: the message "${key}" is not ICU MessageFormat (${(err as Error).message})`);
          }
        }),
      );
      return { code: `export default ${JSON.stringify(compiled)};`, map: null };
    },
  };
}

/** The alias that leaves the parser out: every message the browser formats is compiled. */
export const NO_PARSER = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
};
