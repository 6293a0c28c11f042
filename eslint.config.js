// One lint for the whole repository (docs/decisions/011-linting.md): typescript-eslint's
// recommended rules without type information (fast), the rules of hooks in the web app, and
// import zones that keep the layers apart (docs/conventions.md "Imports flow one way").
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = import.meta.dirname;

/** The sub-folders of a folder, read when the lint starts, so a new feature or module is covered at once. */
function foldersOf(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

const web = 'apps/web/src';
const server = 'apps/server/src';

/** Web zones after bulletproof-react: shared code → features → app, and no feature imports another. */
const webZones = [
  ...foldersOf(`${web}/features`).map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move the shared piece to components/, hooks/ or lib/, or compose the features in app/.',
  })),
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'Features do not import app/: the app composes features, not the other way round.',
  },
  {
    target: ['components', 'hooks', 'lib', 'stores', 'config', 'test'].map((dir) => `${web}/${dir}`),
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code (components, hooks, lib, stores, config, test) does not import features/ or app/.',
  },
  {
    // The booking app's own files: app/ but app/staff, and the entries other than main.tsx.
    target: [`${web}/app/!(staff)/**`, `${web}/app/*.{ts,tsx}`, `${web}/first-step/**`, `${web}/*-entry.tsx`],
    from: [`${web}/app/staff`, `${web}/features/staff`],
    message: 'The booking app does not import the back-office: its entry is a chunk of its own, loaded only at /hallinta (main.tsx).',
  },
];

/** Server zones: a module never reaches into another module's routes; db/ and lib/ sit below the modules. */
const serverZones = [
  ...foldersOf(`${server}/modules`).map((module) => ({
    target: `${server}/modules/${module}`,
    from: `${server}/modules/*/routes.ts`,
    // With a glob in `from`, the exception must be a glob too; `**` also matches no folder at all.
    except: [path.join(root, server, 'modules', module, '**', 'routes.ts')],
    message: "A module does not import another module's routes.ts: import its service or repository.",
  })),
  {
    target: [`${server}/db`, `${server}/lib`],
    from: `${server}/modules`,
    message: 'db/ and lib/ sit below the modules and do not import them.',
  },
];

/** The files where app.ts and staff-api.ts register the modules' routes.ts. */
const routeRegistrars = [`${server}/app.ts`, `${server}/staff-api.ts`];

/**
 * A module's index.ts says what the rest of the server may use of it: other modules, jobs/,
 * plugins/ and the files at the top of src/ import a module through its index.ts only (app.ts
 * and staff-api.ts also its routes.ts). Test files may import any file (see the block for
 * *.test.ts below).
 */
const moduleIndexZones = foldersOf(`${server}/modules`).flatMap((module) => [
  {
    target: [`${server}/modules/!(${module})/**`, `${server}/!(modules)/**`, `${server}/!(app|staff-api).ts`],
    from: `${server}/modules/${module}`,
    except: ['./index.ts'],
    message: `Import modules/${module}/ through its index.ts: export there what other code may use.`,
  },
  {
    target: routeRegistrars,
    from: `${server}/modules/${module}`,
    except: ['./index.ts', './routes.ts'],
    message: `Import modules/${module}/ through its index.ts (or its routes.ts to register them).`,
  },
]);

const domainZones = [
  {
    target: 'packages/domain',
    from: 'apps',
    message: 'The domain package is shared by server and web and imports nothing from apps/.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      'test-results/**',
      'bench-results/**',
      'apps/server/src/db/schema.generated.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // `const { id: _, ...rest } = row` is how a key is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // `let server; … callback reads server …; server = await start()`: the callback may run first.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          // Only for the web app's `@/` alias (tsconfig paths); relative and package imports resolve anyway.
          project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/domain/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...webZones, ...serverZones, ...moduleIndexZones, ...domainZones] },
      ],
    },
  },
  {
    // Tests may set up and inspect through any file of any module.
    files: [`${server}/**/*.test.ts`],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...serverZones, ...domainZones] }],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Across folders the web app imports by `@/…` (apps/web/src), so a file reads the same wherever it moves; `./x` stays within a folder.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*', '..'], message: 'Import from another folder of the web app by `@/…`, not `../`.' }] },
      ],
    },
  },
);
