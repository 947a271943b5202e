// Lint: typescript-eslint's recommended rules plus the project's boundaries.
// src/core, src/host, src/sim and src/cli run outside VS Code (or are unit-tested outside it), so they never
// import 'vscode'; src/host is extension-host logic with no 'vscode' import (view models, session state, texts);
// the simulator and the client are written independently, one on each side of the wire,
// so neither imports the other (a misreading of the protocol cannot hide in both);
// webview code runs in the browser and knows the host only through src/protocol.
// The floors of the house (scripts/lint/house-rules.mjs): a folder imports only its own floor and lower ones,
// a folder with an index.ts is entered through it, and src/ has no import circle.
import tseslint from 'typescript-eslint';
import house from './scripts/lint/house-rules.mjs';

const noVscode = { name: 'vscode', message: 'Only src/extension.ts and src/vscode/ may import vscode (src/host holds host logic without it).' };
const noSim = { group: ['**/sim', '**/sim/**'], message: 'src/core never imports the simulator (write each side of the wire independently).' };
const noCore = { group: ['**/core', '**/core/**'], message: 'src/sim never imports the client core (write each side of the wire independently).' };

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.vscode-test/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { house },
    rules: { 'house/floors': 'error', 'house/doors': 'error', 'house/no-cycle': 'error' },
  },
  {
    files: ['src/core/**/*.ts', 'src/host/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noVscode], patterns: [noSim] }] },
  },
  {
    files: ['src/sim/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noVscode], patterns: [noCore] }] },
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noVscode] }] },
  },
  {
    // Browser code of the webviews: it talks to the host only through the message protocol.
    files: ['src/webview/**/*.ts', 'src/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'Webviews reach the host through src/protocol messages only.' }],
          patterns: [{ group: ['**/core', '**/core/**', '**/vscode/**', '**/host', '**/host/**', '**/cli', '**/cli/**', '**/sim', '**/sim/**', 'node:*'], message: 'Webview code imports only src/protocol and its own files.' }],
        },
      ],
    },
  },
);
