import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'bench/results/**', 'bench/.data/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Web never imports server code (docs/architecture.md).
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '@siniestros/server'] }],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/**', '@siniestros/server', '@siniestros/web'] }] },
  },
);
