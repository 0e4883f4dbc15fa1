// Type-checked lint over the whole project; `npm test` runs it before the type check and tests.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// The pipeline's stages and the tools beneath the public API (src/index.ts, src/api/).
const STAGES = ['sheet', 'invoice', 'submit', 'report', 'config', 'thread', 'sandbox', 'i18n'];
const STAGE_FILES = [...STAGES.map((s) => `src/${s}/**`), 'src/*.ts'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'bench/out/**', 'bin/**', '.tmp/**', 'eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // Imports never run in a loop (type-only imports included: a loop of types is a loop of ideas).
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the rule never opens a .ts file and passes in silence.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Imports flow one way: cli and web -> the public API -> the stages. A stage never reaches up.
    files: STAGE_FILES,
    ignores: ['src/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(cli|web|api)/|(^|/)index\\.js$',
              message: 'A pipeline stage must not import the command line, the web server or the public API (imports flow cli/web -> api -> stages).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(cli|web)/', message: 'The public API must not import the command line or the web server.' }] },
      ],
    },
  },
  {
    files: ['src/cli/**', 'src/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(sheet|invoice|submit|report|config|thread)/|(^|/)(pipeline|run-import)\\.js$',
              message: 'The command line and the web server use the pipeline through the public API (src/index.ts), never a stage directly.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only the CLI prints for humans; tests, benchmarks and scripts may print too.
    files: ['src/cli/**', 'test/**', 'bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
