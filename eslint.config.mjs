// Lint: typescript-eslint's recommended rules plus the project's boundaries.
// src/core, src/sim and src/cli run outside VS Code, so they never import 'vscode';
// the simulator and the client are written independently, one on each side of the wire,
// so neither imports the other (a misreading of the protocol cannot hide in both).
import tseslint from 'typescript-eslint';

const noVscode = { name: 'vscode', message: 'Only src/extension.ts and src/vscode/ may import vscode.' };
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
    files: ['src/core/**/*.ts'],
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
);
