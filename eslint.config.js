import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const WEB = './packages/web/src';
/** every folder under packages/web/src/features: each one is a feature */
const FEATURES = readdirSync(new URL('packages/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'packages/server/migrations/**',
      'packages/e2e/test-results/**',
      'packages/e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // imports resolved the way TypeScript's Bundler resolution does for this repository: relative, extensionless
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] })],
    },
  },
  {
    // no import cycles in any package (type-only imports are erased and do not count)
    files: ['packages/*/src/**/*.{ts,tsx,mts}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The one known cycle: foreign keys both ways between users and the master data (a user's post type is a
    // master-data row; master-data rows record the user who made them). Drizzle resolves references lazily, so the
    // files load in either order (packages/server/test/tables-load.test.ts); any other cycle fails.
    files: [
      'packages/server/src/modules/master-data/master-data.tables.ts',
      'packages/server/src/modules/users/users.tables.ts',
    ],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    files: ['packages/server/test/**/*.ts', 'packages/e2e/**/*.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // features stand alone: one feature never imports another (shared pieces live in lib/ or components/)
            ...FEATURES.map((feature) => ({
              target: `${WEB}/features/${feature}`,
              from: `${WEB}/features`,
              except: [`./${feature}`],
              message: 'A feature does not import another feature: move the shared piece to lib/ or components/.',
            })),
            // dependencies go one way: components/lib -> features -> app
            {
              target: [`${WEB}/lib`, `${WEB}/components`],
              from: `${WEB}/features`,
              message: 'lib/ and components/ do not import features.',
            },
            {
              target: [`${WEB}/features`, `${WEB}/lib`, `${WEB}/components`],
              from: `${WEB}/app`,
              message: 'Features, lib and components do not import the app layer.',
            },
          ],
        },
      ],
    },
  },
  {
    // the web imports each module's contract group (versionsEndpoints), never the registry of all of them: the
    // registry would put every contract into the first download (the login page)
    files: ['packages/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@rehab/shared',
              importNames: ['endpoints'],
              message: "Import the module's contract group (e.g. versionsEndpoints), not the registry of all of them.",
            },
          ],
        },
      ],
    },
  },
  // server module boundaries: see the block at the end of this file
  ...serverModuleBoundaries(),
);

// ---------------------------------------------------------------------------------------------------------------
// Server module boundaries (packages/server/src/modules/**)
//
// (a) A file of modules/<a>/ imports another module only through its face, `../<b>` (modules/<b>/index.ts), never
//     `../<b>/<file>`; table files (`*.tables.ts`) import other modules' table files for their foreign keys, and
//     never the db/schema barrel (nothing in modules/ does).
// (b) A module imports only modules of lower layers of SERVER_MODULE_ORDER (lowest first). The members of one layer
//     may import each other's faces, and those of the identity layer each other's tables: its modules share their
//     membership tables (a user's organizations, offices, roles, sessions) and call each other both ways (sign-in
//     sends account messages, the message broker checks sessions), so they are one layer.
// Menu contributions (`*.menus.ts`) use the menus kit (kernel/menu), and the composition root collects them.
function serverModuleBoundaries() {
  const SERVER_MODULE_ORDER = [
    ['jobs'], // the job runner and the wall clock
    ['break'], // maintenance windows: sign-in checks them
    ['master-data'], // reference entities (their tables reference organizations and users only by foreign key)
    ['organizations', 'offices', 'users', 'roles', 'menus', 'auth', 'messages'], // identity
    ['logs', 'versions', 'user-config'],
    ['platform-admin', 'platform-templates'],
    ['signatures'], // the one signing service of every signed record (issue 19): below the records that sign
    ['methods', 'scales', 'time-slots'],
    ['dictionaries'], // reads methods
    ['teams'],
    ['patients'], // prescriptions name treatment teams
    ['work-orders'], // generated from patients' courses
    ['scheduling'], // books work orders
    ['assessments', 'meetings'],
    ['billing'], // charges come from registrations, prescriptions and work orders
    ['workload'],
    ['performance'], // rules, facts and statements from completed work orders
    ['dashboard'],
    ['big-screen'], // the department's TV: reads work orders and clock-ins through their faces
    ['statistics'], // read models over work orders and billing (issue 16)
    ['devices'], // rehab equipment data: sessions bound to work orders and schedule bookings (issue 18)
    ['heartbeats'], // hospital-system interface monitors (issue 18): tells people through messages
    ['cameras'], // camera registry, play tokens and views (issue 18)
    ['telemedicine'], // remote consultation between related organizations (issue 17)
    ['referrals'], // referral and transfer of treatment on telemedicine's cross-organization access model (issue 17)
    ['qr-login'], // QR collaborative login and the user's places (issue 19)
    ['tubes', 'leases'], // tube care and equipment lease to patients (issue 20)
    ['content'], // mini-program content, education sent to patients (issue 20)
    ['home-tasks'], // home-training tasks: give published content items (issue 20)
  ];

  const dir = 'packages/server/src/modules';
  const layerOf = new Map(SERVER_MODULE_ORDER.flatMap((layer, i) => layer.map((m) => [m, i])));
  const modules = [...layerOf.keys()];
  const barrel = {
    regex: '(^|/)db/schema$',
    message: 'Import the tables file that owns the table, not the db/schema barrel.',
  };

  const moduleFilePatterns = (a) =>
    modules
      .filter((b) => b !== a)
      .map((b) => {
        const sameLayer = layerOf.get(b) === layerOf.get(a);
        const tablesAllowed = a === b || (sameLayer && layerOf.get(a) === layerOf.get('users'));
        const tables = tablesAllowed ? '(?!.*\\.tables$)' : '';
        if (layerOf.get(b) > layerOf.get(a)) {
          return {
            regex: `^\\.\\./${b}(/${tables}.*)?$`,
            message: `${b} is above ${a} in SERVER_MODULE_ORDER (eslint.config.js): ${a} may not import it.`,
          };
        }
        return {
          regex: `^\\.\\./${b}/(?!index$)${tables}.+`,
          message: `Import ${b} through its face ('../${b}'), not its files${tablesAllowed ? '' : ' nor its tables'}.`,
        };
      });

  return [
    ...modules.map((a) => ({
      files: [`${dir}/${a}/**/*.ts`],
      ignores: [`${dir}/${a}/**/*.tables.ts`, `${dir}/${a}/**/*.menus.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: [barrel, ...moduleFilePatterns(a)] }] },
    })),
    {
      // foreign keys: a tables file imports other modules' tables files, nothing else of them
      files: [`${dir}/*/*.tables.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              barrel,
              { regex: '^\\.\\./[\\w-]+/(?!.*\\.tables$)', message: 'A tables file imports only other tables files.' },
            ],
          },
        ],
      },
    },
    {
      // menu contributions use the menus kit only
      files: [`${dir}/*/*.menus.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              barrel,
              {
                regex: '^\\.\\./[\\w-]+',
                message: 'A menus file imports no other module: the menus kit is kernel/menu.',
              },
            ],
          },
        ],
      },
    },
  ];
}
