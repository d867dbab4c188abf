import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist-cli', '.scratch', 'node_modules', 'test-results', 'playwright-report'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // We do not run the React Compiler; this rule only warns that it would skip some components.
      'react-hooks/incompatible-library': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }]
    }
  },
  {
    // core/ is pure TypeScript: it runs in Node, in a worker and in Vitest unchanged.
    files: ['src/core/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', 'react/*', '@tanstack/*'], message: 'core/ must not import React.' },
            { group: ['zustand', 'zustand/*', '**/stores/**'], message: 'core/ must not import stores.' },
            { group: ['monaco-editor', 'monaco-editor/*', '**/editor/**', '**/panels/**', '**/app/**'], message: 'core/ must not import UI code.' }
          ]
        }
      ],
      'no-restricted-globals': [
        'error',
        { name: 'document', message: 'core/ must not touch the DOM.' },
        { name: 'window', message: 'core/ must not touch the DOM.' },
        { name: 'localStorage', message: 'core/ must not touch browser storage.' },
        { name: 'navigator', message: 'core/ must not touch the DOM.' }
      ]
    }
  },
  {
    // Panels and shared widgets talk through stores; the shell (app/) composes them, never the reverse.
    files: ['src/panels/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/stores/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/app/**', '**/app'], message: 'panels, components and stores must not import the app shell (app/): talk through a store.' }] }]
    }
  }
);
