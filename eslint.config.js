// ESLint as the Astro ecosystem sets it up: JavaScript and TypeScript recommended rules,
// eslint-plugin-astro for .astro files, jsx-a11y (strict) everywhere, the hooks rules for
// the React islands, and eslint-config-prettier last so formatting is Prettier's alone.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-*/',
      '.astro/',
      '.tmp/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'lh-reports/',
      'supabase/functions/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  // jsx-a11y's strict rules for every file: .astro templates and the .tsx islands alike.
  ...astro.configs['jsx-a11y-strict'],
  // …which registers the jsx-a11y plugin; its strict rules for the .tsx islands too.
  { files: ['**/*.tsx'], rules: jsxA11y.flatConfigs.strict.rules },
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // Safari drops list semantics from a list styled without bullets; role="list" puts them back.
      'astro/jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
      'jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
      // `_name` marks a value deliberately left unused (for example a prop split off before spreading).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Declaration files merge into global interfaces (ImportMeta, …) that look unused.
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  prettier,
);
