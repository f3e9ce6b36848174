import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Issue 21 §4: the layers of docs/architecture.md are enforced by `npm run lint` (eslint.config.js). These run the
// project's own ESLint config on small fixtures placed where real files live, so the rule cannot silently stop
// matching (a renamed folder, a changed pattern).

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('server layers (lint)', () => {
  it("refuses an area importing another area's repo, and allows its service or its own repo", async () => {
    const file = 'server/src/features/sms/layer-fixture.ts';
    expect(await restricted(file, "import { planState } from '../usage/usage.repo.ts';\nexport const f = planState;\n")).toEqual([
      "'../usage/usage.repo.ts' import is restricted from being used by a pattern. Use the owning area's service; another area's repo is its own.",
    ]);
    expect(await restricted(file, "import { planState } from '../usage/usage.service.ts';\nexport const f = planState;\n")).toEqual([]);
    expect(await restricted(file, "import { codeIn } from './text.ts';\nexport const f = codeIn;\n")).toEqual([]);
  });

  it('refuses http/ and providers/ importing feature code', async () => {
    for (const file of ['server/src/http/layer-fixture.ts', 'server/src/providers/email/layer-fixture.ts']) {
      const depth = file.split('/').length - 3;
      const up = '../'.repeat(depth);
      expect(await restricted(file, `import { insertMessage } from '${up}features/messages/messages.service.ts';\nexport const f = insertMessage;\n`)).toHaveLength(1);
    }
  });
});
