import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'e2e/artifacts/**',
      '**/dev-dist/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Services and the gateway talk to each other only over HTTP and events, never by import.
    files: ['services/**/*.ts', 'gateway/**/*.ts', 'shared/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'boundaries/elements': [
        { type: 'service', pattern: 'services/*', capture: ['name'] },
        { type: 'gateway', pattern: 'gateway' },
        { type: 'shared', pattern: 'shared/*', capture: ['name'] },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'service', allow: ['shared', ['service', { name: '${from.name}' }]] },
            { from: 'gateway', allow: ['shared', 'gateway'] },
            { from: 'shared', allow: ['shared'] },
          ],
        },
      ],
    },
  },
  {
    // A use-case reads as the story of its feature; queries and raw commands live in the service's data/ (issue 24).
    files: ['services/{auth,items,messaging,moderation}/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'mongoose', message: 'Queries live in src/data/ (one repository per aggregate).' }],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'boundaries/elements': [
        { type: 'app', pattern: 'web/src/app' },
        { type: 'routes', pattern: 'web/src/routes' },
        { type: 'feature', pattern: 'web/src/features/*', capture: ['name'] },
        { type: 'shared-ui', pattern: 'web/src/(components|lib|hooks|i18n|config|types|assets|styles)' },
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Features don't import each other; shared code doesn't import features.
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            { from: 'feature', disallow: [['feature', { name: '!${from.name}' }], 'app', 'routes'] },
            { from: 'shared-ui', disallow: ['feature', 'app', 'routes'] },
          ],
        },
      ],
    },
  },
  {
    // A server's reason reaches a page in the reader's language: through `errorText` (i18n/message-text.ts), which
    // looks shared texts such as "Invalid id" up in the catalogue, never `errorMessage` straight.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/i18n/message-text.ts', 'web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/api-client'],
              importNames: ['errorMessage'],
              message:
                "Use errorText(t, error, fallback) from i18n/message-text: it translates the server's text.",
            },
          ],
        },
      ],
    },
  },
  {
    // A suite that cannot quietly shrink: no focused, skipped or to-do tests (conditional `skipIf` for the real
    // MongoDB run is allowed; `npm test` fails when a test is actually skipped).
    files: ['**/*.test.{ts,tsx}', '**/*.spec.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[object.name=/^(describe|it|test|suite|bench)$/][property.name=/^(only|skip|todo|fails)$/]',
          message: 'No focused, skipped or to-do tests: a test must run and be able to fail.',
        },
        {
          selector:
            'MemberExpression[object.property.name=/^(describe|it|test|each|concurrent)$/][property.name=/^(only|skip|todo|fixme|fails)$/]',
          message: 'No focused, skipped or to-do tests: a test must run and be able to fail.',
        },
        {
          selector: 'CallExpression[callee.name=/^(xit|xdescribe|xtest|fit|fdescribe)$/]',
          message: 'No focused, skipped or to-do tests: a test must run and be able to fail.',
        },
      ],
    },
  },
  prettier,
);
