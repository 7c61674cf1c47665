import fs from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** `req.auth!`: a handler reads the session with signedIn(req), which fails closed. */
const AUTH_ASSERTION = {
  selector: "TSNonNullExpression[expression.type='MemberExpression'][expression.property.name='auth']",
  message: 'Read the session with signedIn(req) from plugins/auth: it fails closed.',
};

/** A query-builder statement or a SQL fragment, on `db`, `tx` or `app.db`. */
const STATEMENT_CALL = '/^(select|selectDistinct|insert|update|delete|execute)$/';
const STATEMENTS = [
  `CallExpression[callee.property.name=${STATEMENT_CALL}][callee.object.name=/^(db|tx)$/]`,
  `CallExpression[callee.property.name=${STATEMENT_CALL}][callee.object.property.name='db']`,
  "TaggedTemplateExpression[tag.name='sql']",
].map((selector) => ({ selector, message: 'Statements and SQL live in the domain’s repository.ts.' }));

/** The server's domains: every folder of server/src/domains. */
const SERVER_DOMAINS = fs.readdirSync(new URL('./server/src/domains', import.meta.url));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/.tmp/**',
      'server/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
      // Stryker's working copies of the tree during `npm run test:mutation`.
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    // The import rules resolve the sources' extensionless imports to their .ts and .tsx files.
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // No module reaches itself through its static imports: each layer and domain can be read
      // on its own. A module loaded lazily (import()) may import from its loader: the S3 store
      // from storage.ts, the outbox's sender from its store.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through server/src/config.ts.' },
      ],
    },
  },
  {
    // The one place (per app) that reads the environment, and the tooling around the apps.
    files: [
      'server/src/config.ts',
      '**/*.config.ts',
      'e2e/**',
      'server/test/**',
      'server/scripts/**',
      'bench/**',
      'web/vite.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', AUTH_ASSERTION] },
  },
  {
    // Every statement of a domain lives in its repository.ts; the database layer in server/src/db.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/repository.ts', 'server/src/db/**', 'server/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', AUTH_ASSERTION, ...STATEMENTS] },
  },
  {
    // A domain uses another only through that domain's index.ts (its public face); so do the
    // commands and the start-up. app.ts, which assembles the app, and tests may reach inside.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...SERVER_DOMAINS.map((domain) => ({
              target: `./server/src/domains/${domain}`,
              from: './server/src/domains',
              except: [`./${domain}`, ...SERVER_DOMAINS.map((other) => `./${other}/index.ts`)],
              message: 'Another domain is used through its index.ts only.',
            })),
            {
              target: ['./server/src/cli', './server/src/bootstrap.ts', './server/src/main.ts'],
              from: './server/src/domains',
              except: SERVER_DOMAINS.map((domain) => `./${domain}/index.ts`),
              message: 'A domain is used through its index.ts only.',
            },
            {
              target: ['./server/src/lib', './server/src/db', './server/src/plugins'],
              from: './server/src/domains',
              message: 'Infrastructure never imports a domain: imports run downwards.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // STYLE: a feature never imports another feature; what two share moves to a shared folder.
      'import-x/no-restricted-paths': [
        'error',
        {
          // Every folder of web/src/features, so that a new feature is held to it too.
          zones: fs.readdirSync(new URL('./web/src/features', import.meta.url)).map((feature) => ({
            target: `./web/src/features/${feature}`,
            from: './web/src/features',
            except: [`./${feature}`, './auth/store.ts', './auth/index.ts'],
            message: 'A feature imports only itself, the auth store and shared folders.',
          })),
        },
      ],
    },
  },
  {
    // Issue 34: every word a person reads comes from the catalogues: a literal string in JSX
    // (text, or a label, title, description, placeholder, alt or aria-label) is an error
    // (docs/translations.md).
    files: ['web/src/**/*.tsx'],
    ignores: ['**/*.test.*'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        {
          props: {
            include: [['*', '{label,title,description,placeholder,alt,aria-label,question}']],
          },
        },
      ],
    },
  },
  {
    // Issue "One shape for every domain": the web app builds every API URL with the contract's
    // apiPath, so a path the route table does not list is a type error. The client itself and
    // tests (which state the URLs they expect) may write them out.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.*', 'web/src/lib/api.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "Literal[value=/^\\/api/]:not(CallExpression[callee.name='apiPath'] > Literal)",
          'TemplateLiteral[quasis.0.value.cooked=/^\\/api/]',
        ].map((selector) => ({
          selector,
          message: "Build API paths with apiPath('/api/…', params, query) from @portal/contract.",
        })),
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { ...globals.node } },
  },
);
