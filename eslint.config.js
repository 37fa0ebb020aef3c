import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'packages/server/migrations/**',
      'packages/e2e/test-results/**',
      'packages/e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['packages/server/test/**/*.ts', 'packages/e2e/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // features stand alone: one feature never imports another (shared pieces live in lib/ or components/)
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../features/*', '../features/*/**'],
              message: 'Import from lib/ or components/ instead of another feature.',
            },
            {
              // dependencies go one way: components/lib -> features -> app
              group: ['**/app/*', '**/app/**'],
              message: 'Features, lib and components do not import the app layer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/app/**/*.{ts,tsx}', 'packages/web/src/main.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
