// The design's rules as ESLint flat config (docs/architecture.md, whose rule numbers the messages cite): one builder, used by eslint.config.js
// for the repository and by lint/rules.test.ts for the fixtures that prove each rule fires.
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import { modulePlugin } from './module-rules.js';

/** Files where Kysely's query builder and `sql` may appear (docs/architecture.md rule 5). */
export const SQL_ALLOWED = [
  '**/*.queries.ts',
  'migrations/**',
  'src/server/db/**',
  'src/server/testing/**',
  '**/*.test.ts',
  '**/*.test.tsx',
  'e2e/**',
  'scripts/bench.ts',
];

/** Generated code and data tables: not hand-written functions. */
const LONG_FUNCTION_EXEMPT = [
  '**/*.test.ts',
  '**/*.test.tsx',
  'src/client/routeTree.gen.ts',
  'src/client/routeTree.storefront.gen.ts',
  'src/server/seed/demo-data.ts',
  'src/server/testing/**',
  'e2e/**',
  'migrations/**',
];

const KYSELY_BUILDER = 'selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto';
const SQL_MESSAGE = 'SQL (Kysely) belongs in *.queries.ts (docs/architecture.md rule 5).';

const sqlSyntax = [
  { selector: `CallExpression > MemberExpression.callee[property.name=/^(${KYSELY_BUILDER})$/]`, message: SQL_MESSAGE },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_MESSAGE },
  { selector: "MemberExpression[object.name='sql']", message: SQL_MESSAGE },
];

const sqlImport = { name: 'kysely', importNames: ['sql'], message: SQL_MESSAGE };

/** Three or more `../` is a path through the house: name it from its root instead (issue 34; tsconfig.json paths). */
const deepImport = {
  regex: '^(\\.\\./){3,}',
  message:
    'Import from another part of the tree with its alias (#server/…, #shared/…, #client/…, #migrations/…, #scripts/…), not ../../../ (docs/architecture.md).',
};

const SHARED_MESSAGE =
  'src/shared runs in the browser and on the server: no node:*, no DOM, no kysely (docs/architecture.md rule 13).';
const nodeBuiltins = builtinModules.filter((m) => !m.startsWith('_'));

/** Client feature folders under <root>/src/client/features. */
function featureFolders(root) {
  const dir = path.join(root, 'src/client/features');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
}

/** Zones for import-x/no-restricted-paths: features never import each other; shared client code never imports features. */
function clientZones(root) {
  const features = featureFolders(root).map((name) => ({
    target: `./src/client/features/${name}`,
    from: './src/client/features',
    except: [`./${name}`],
    message:
      'A feature never imports another feature: move the shared piece to components/ or lib/ (docs/architecture.md rule 12).',
  }));
  const shared = ['components', 'lib'].map((name) => ({
    target: `./src/client/${name}`,
    from: './src/client/features',
    message: `src/client/${name} is shared by features and must not import them (docs/architecture.md rule 12).`,
  }));
  return [...features, ...shared];
}

/** The whole flat config for a tree rooted at `root`. */
export function buildConfig(root) {
  return tseslint.config(
    {
      ignores: [
        'node_modules/**',
        'dist/**',
        'uploads/**',
        'lint/fixtures/**',
        'coverage/**',
        'src/client/routeTree.gen.ts',
        'src/client/routeTree.storefront.gen.ts',
      ],
    },
    {
      files: ['**/*.{ts,tsx,js,mjs}'],
      languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
      plugins: { 'import-x': importX, '@typescript-eslint': tseslint.plugin, butiku: modulePlugin(root) },
      linterOptions: { reportUnusedDisableDirectives: 'error' },
      settings: {
        'import-x/resolver-next': [
          createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json'), alwaysTryTypes: true }),
        ],
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      },
      rules: {
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        'butiku/module-entry': 'error',
        'butiku/no-module-cycle': 'error',
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: clientZones(root) }],
        'no-restricted-syntax': ['error', ...sqlSyntax],
        'no-restricted-imports': ['error', { paths: [sqlImport], patterns: [deepImport] }],
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
        ],
      },
    },
    {
      files: ['src/client/**/*.{ts,tsx}'],
      plugins: { 'react-hooks': reactHooks },
      rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
    },
    {
      files: SQL_ALLOWED,
      rules: { 'no-restricted-syntax': 'off', 'no-restricted-imports': ['error', { patterns: [deepImport] }] },
    },
    {
      files: ['src/shared/**'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [
              ...nodeBuiltins.map((name) => ({ name, message: SHARED_MESSAGE })),
              { name: 'kysely', message: SHARED_MESSAGE },
              { name: 'react-dom', message: SHARED_MESSAGE },
            ],
            patterns: [{ group: ['node:*', 'kysely/*', 'react-dom/*'], message: SHARED_MESSAGE }, deepImport],
          },
        ],
        'no-restricted-globals': [
          'error',
          ...[
            'window',
            'document',
            'localStorage',
            'sessionStorage',
            'navigator',
            'location',
            'HTMLElement',
            'customElements',
            'process',
            'Buffer',
            '__dirname',
            'require',
          ].map((name) => ({ name, message: SHARED_MESSAGE })),
        ],
      },
    },
    {
      files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
      ignores: LONG_FUNCTION_EXEMPT,
      rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
    },
  );
}
