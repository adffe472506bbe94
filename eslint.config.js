// Lint enforces the layering rules of docs/architecture.md: src/domain is pure and shared,
// the web client never reaches into the server, and the server never imports React code.
// Inside the server, folders form layers (below): a folder imports only from lower layers, so
// no two folders ever import each other. Web features never import each other.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The server's folders, lowest layer first. Root files (app.ts, deps.ts, engines.ts,
 * config.ts, errors.ts...) compose or are shared by everyone. Tests may import anything.
 */
const SERVER_LAYERS = [
  ['db', 'workers'],
  ['storage', 'pdf', 'jobs', 'limits'],
  ['policies', 'ai'],
  ['plugins'],
  ['auth', 'courses', 'chat', 'enrollments', 'files', 'health', 'users'],
  ['submissions'],
  ['assignments', 'grading', 'gradebook', 'dashboard', 'housekeeping'],
  ['voice', 'agent'],
  ['demo'],
  ['test'],
];

const serverLayerZones = SERVER_LAYERS.slice(0, -1).flatMap((layer, index) =>
  layer.map((folder) => ({
    target: `./src/server/${folder}`,
    from: [
      ...layer.filter((other) => other !== folder),
      ...SERVER_LAYERS.slice(index + 1).flat(),
    ].map((other) => `./src/server/${other}`),
    message: `src/server/${folder} may import only folders of lower layers (SERVER_LAYERS in eslint.config.js), so no two folders import each other.`,
  })),
);

const webFeatures = readdirSync(new URL('./src/web/features', import.meta.url));
const webFeatureZones = webFeatures.map((feature) => ({
  target: `./src/web/features/${feature}`,
  from: webFeatures
    .filter((other) => other !== feature)
    .map((other) => `./src/web/features/${other}`),
  message:
    'Web features do not import each other: compose them in a page, or share through lib/ or components/.',
}));

/** src/domain is shared and pure; web and server meet only over HTTP. */
const runtimeZones = [
  {
    target: './src/domain',
    from: ['./src/server', './src/web'],
    message: 'src/domain is shared and pure: it must not import server or web code.',
  },
  {
    target: './src/web',
    from: './src/server',
    message: 'The web client talks to the server over HTTP only.',
  },
  {
    target: './src/server',
    from: './src/web',
    message: 'The server must not import web client code.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: runtimeZones }],
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...runtimeZones, ...serverLayerZones, ...webFeatureZones] },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*'],
              message: 'src/domain runs in the browser too: no node:* imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
