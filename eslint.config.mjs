// One lint configuration for the whole monorepo. Each project's `lint` target runs `tsc --noEmit`
// (types) and then `eslint .` in its folder, which finds this file. Type-aware rules are left to
// tsc so that linting stays fast on two cores.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/pacts-out/**', '.nx/**', 'e2e/artifacts/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Conventions: no `any` at a boundary; unknown plus a schema instead.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'error',
      'prefer-const': 'error',
    },
  },
  {
    // Services, tests and every JavaScript file (configs, scripts) run on Node; the front ends in the browser.
    files: ['svc-*/**/*.ts', 'contracts/**/*.ts', 'e2e/**/*.ts', '**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    // The browser has no logger of ours: a failure the user already saw as a toast is kept in the console.
    rules: { 'no-console': ['error', { allow: ['warn', 'error'] }] },
  },
  {
    // The service kit and the events stream are Node only (NestJS, TypeORM, the nats client): a
    // front end that imported them would drag the server into the browser bundle.
    files: ['shell/**/*.{ts,tsx,js,jsx}', 'mf-*/**/*.{ts,tsx,js,jsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@masar/contracts/service-kit', '@masar/contracts/service-kit/*', '@masar/contracts/events-stream'],
              message: 'Node only: the front ends import @masar/contracts, never the service kit or the events stream.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // CommonJS scripts (benchmarks, the local platform, webpack and jest configs) use require.
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Scripts people run from a terminal print their results.
    files: ['deploy/**/*.js', '**/src/main.ts', '**/scripts/**/*.{js,ts}'],
    rules: { 'no-console': 'off' },
  },
  {
    // Jest specs written in JavaScript (the Kubernetes manifests' test).
    files: ['deploy/**/*.spec.js'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
