// The architecture rules of eslint.config.js fail on what they forbid: planted snippets, linted as if they lay at the
// given path (nothing is written to disk; imports resolve against the real files).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ overrideConfigFile: 'eslint.config.js' });
const WEB = 'packages/web/src';
const MODULES = 'packages/server/src/modules';

/** the rule ids ESLint reports for `code` placed at `filePath` */
async function rulesHit(code, filePath) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId);
}

describe('architecture lint rules', () => {
  it('refuse an import of another feature', async () => {
    const code = "import { useSession } from '../patients/api';\nexport const x = useSession;\n";
    expect(await rulesHit(code, `${WEB}/features/home/planted.ts`)).toContain('import-x/no-restricted-paths');
    // deeper files and other import spellings are caught as well
    const deep = "export { Icon } from '../../break/components/login-break-notice';\n";
    expect(await rulesHit(deep, `${WEB}/features/auth/components/planted.ts`)).toContain(
      'import-x/no-restricted-paths',
    );
  });
  it('allow a feature its own files, lib/ and components/', async () => {
    const code =
      "import { href } from '../../lib/paths';\nimport { Icon } from '../../components/icons';\nimport { patientPaths } from './paths';\nexport const x = [href, Icon, patientPaths];\n";
    expect(await rulesHit(code, `${WEB}/features/patients/planted.ts`)).toEqual([]);
  });
  it('refuse the app layer in features, lib and components, and features in lib and components', async () => {
    const app = "import { guardDecision } from '../app/guard';\nexport const x = guardDecision;\n";
    expect(await rulesHit(app, `${WEB}/lib/planted.ts`)).toContain('import-x/no-restricted-paths');
    const feature = "import { patientPaths } from '../features/patients/paths';\nexport const x = patientPaths;\n";
    expect(await rulesHit(feature, `${WEB}/components/planted.ts`)).toContain('import-x/no-restricted-paths');
  });
  it('refuse an import cycle', async () => {
    // lib/paths.ts is imported by lib/logout.ts: importing logout from a file posing as lib/paths.ts closes a loop
    const code = "import { logout } from './logout';\nexport const x = logout;\n";
    expect(await rulesHit(code, `${WEB}/lib/paths.ts`)).toContain('import-x/no-cycle');
  });
  it('refuse a server module reading the tables of another, a deep import, or a module above it', async () => {
    // assessments may not read the sessions of auth (its tables are auth's own)
    const tables = "import { sessions } from '../auth/auth.tables';\nexport const x = sessions;\n";
    expect(await rulesHit(tables, `${MODULES}/assessments/planted.ts`)).toContain('no-restricted-imports');
    // patients and work orders, the last two with an exception list, read master data and patients by face too
    const names = "import { sysUnit } from '../master-data/master-data.tables';\nexport const x = sysUnit;\n";
    expect(await rulesHit(names, `${MODULES}/patients/planted.ts`)).toContain('no-restricted-imports');
    const course = "import { treatments } from '../patients/patients.tables';\nexport const x = treatments;\n";
    expect(await rulesHit(course, `${MODULES}/work-orders/planted.ts`)).toContain('no-restricted-imports');
    // another module is reached through its face (index.ts), not its files
    const deep = "import { unreadCount } from '../messages/messages.service';\nexport const x = unreadCount;\n";
    expect(await rulesHit(deep, `${MODULES}/meetings/planted.ts`)).toContain('no-restricted-imports');
    // patients sits below work orders: it may not call them
    const upward = "import { recordHistory } from '../work-orders';\nexport const x = recordHistory;\n";
    expect(await rulesHit(upward, `${MODULES}/patients/planted.ts`)).toContain('no-restricted-imports');
    // and nothing in a module imports the db/schema barrel
    const barrel = "import { users } from '../../db/schema';\nexport const x = users;\n";
    expect(await rulesHit(barrel, `${MODULES}/patients/planted.ts`)).toContain('no-restricted-imports');
  });
  it('allow a module the face of a module below it and its own tables', async () => {
    const code =
      "import { recordHistory } from '../work-orders';\nimport { schedules } from './scheduling.tables';\nexport const x = [recordHistory, schedules];\n";
    expect(await rulesHit(code, `${MODULES}/scheduling/planted.ts`)).toEqual([]);
  });
});
