// Flat config: TypeScript everywhere, React hooks rules for the two front ends,
// and the layer boundaries of docs/architecture.md enforced as import restrictions.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noServerImports = {
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: ['@cofounder/server', '**/server/src/**'], message: 'Front ends never import the server.' }] },
  ],
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.proof-dist/**', '**/.output/**', '**/.wxt/**', '**/.data/**', 'server/drizzle/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'extension/**/*.{ts,tsx}', 'shared/src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['web/**/*.{ts,tsx}', 'extension/**/*.{ts,tsx}'], rules: noServerImports },
  // Server layers (docs/architecture.md "Layers"): an area reaches another only through its service, never its repo
  // (same-area repos are imported as ./x.repo.ts); http/ and providers/ sit below the features and import none.
  {
    files: ['server/src/features/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*/*.repo.ts'], message: "Use the owning area's service; another area's repo is its own." }] },
      ],
    },
  },
  {
    files: ['server/src/http/**/*.ts', 'server/src/providers/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**'], message: 'http/ and providers/ sit below the feature areas and import none of them.' }] },
      ],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@cofounder/server', '@cofounder/web', '**/server/**', '**/web/**'], message: 'shared imports neither server nor web.' }] },
      ],
    },
  },
);
