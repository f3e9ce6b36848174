// `npm run machine-host`: build the server if it is missing or out of date, then run one browser host (issue 28):
// machines' Chromium browsers for every API process on the same Postgres (DATABASE_URL). See README, "Machine hosts".
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { isStale, root, run, serverBuild } from './lib.mjs';
import { requireNode } from './node-version.mjs';

requireNode();

if (isStale(serverBuild.output, serverBuild.sources)) {
  console.log('Building server...');
  const code = await run('npm', ['run', 'build', '-w', 'server'], { env: { ...process.env, NODE_ENV: 'production' } });
  if (code !== 0) process.exit(code);
}

const host = spawn(process.execPath, [join(root, 'server/dist/machine-host.js')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => host.kill(sig));
host.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
