import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

/** The boundary errors ESLint reports for `code` as if it were the file at `path`. */
async function boundaryErrors(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

describe('module boundaries', () => {
  it('refuses a portal feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'src/portal/leads/probe.ts',
      "import { useJobs } from '../jobs/job-queries';\nexport const probe = useJobs;\n",
    );
    expect(errors).toEqual([expect.stringContaining('A feature does not import another feature')]);
  });

  it('refuses the server importing the browser form code', async () => {
    const errors = await boundaryErrors(
      'src/server/probe.ts',
      "import { submitForm } from '../forms/submit-form';\nexport const probe = submitForm;\n",
    );
    expect(errors).toEqual([expect.stringContaining('The server imports only src/shared')]);
  });

  it('refuses shared code importing the interface', async () => {
    const errors = await boundaryErrors('src/shared/probe.ts', "import { api } from '../lib/api-client';\nexport const probe = api;\n");
    expect(errors).toEqual([expect.stringContaining('src/shared imports only src/shared')]);
  });

  it('refuses the database layer importing a feature', async () => {
    const errors = await boundaryErrors(
      'src/server/db/probe.ts',
      "import { forgetOldVitals } from '../vitals/store';\nexport const probe = forgetOldVitals;\n",
    );
    expect(errors).toEqual([expect.stringContaining('src/server/db is the bottom layer')]);
  });

  it('refuses the product importing a command line of scripts/', async () => {
    const errors = await boundaryErrors(
      'src/server/probe.ts',
      "import { fail } from '../../scripts/lib/cli';\nexport const probe = fail;\n",
    );
    expect(errors).toEqual([expect.stringContaining('scripts/ holds command lines only')]);
  });

  it('lets a feature use the layers below it', async () => {
    const code =
      "import { api } from '../../lib/api-client';\nimport { ROLES } from '../../shared/roles';\nexport const probe = [api, ROLES];\n";
    expect(await boundaryErrors('src/portal/leads/probe.ts', code)).toEqual([]);
  });
});
