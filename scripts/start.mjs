// `npm start`: build whatever is missing or out of date, then run ONE server process that serves the API,
// the built web app and the monitor socket. Signals go straight to the server, which drains and closes the DB.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { isStale, root, run, SERVER_ENV_DEFAULTS, serverBuild } from './lib.mjs';
import { requireNode } from './node-version.mjs';

requireNode();

/** How often the script checks that whoever started it is still there (see below). */
const ORPHAN_CHECK_MS = 500;

const builds = [
  serverBuild,
  { name: 'web', output: 'web/dist/index.html', sources: ['web/src', 'web/index.html', 'web/landing.html', 'web/island.html', 'web/scripts', 'web/vite.config.ts', 'shared/src', 'package-lock.json'] },
  { name: 'extension', output: 'extension/.output/chrome-mv3/manifest.json', sources: ['extension/src', 'extension/wxt.config.ts', 'shared/src', 'package-lock.json'] },
];

for (const b of builds) {
  if (!isStale(b.output, b.sources)) continue;
  console.log(`Building ${b.name}...`);
  const code = await run('npm', ['run', 'build', '-w', b.name], { env: { ...process.env, NODE_ENV: 'production' } });
  if (code !== 0) {
    console.error(`Build of ${b.name} failed (exit ${code}).`);
    process.exit(code);
  }
}

// The browser extension is built beside the app: say where to load it from.
console.log(
  `Browser extension: load ${join(root, 'extension/.output/chrome-mv3')} unpacked at chrome://extensions (Developer mode).`,
);

const server = spawn(process.execPath, [join(root, 'server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { DATA_DIR: join(root, '.data'), WEB_DIST_DIR: join(root, 'web/dist'), ...SERVER_ENV_DEFAULTS, ...process.env },
});
// A terminal's Ctrl-C reaches the whole process group; a SIGTERM sent to this script alone is passed on.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
// `npm start` runs this script under `sh -c`, and `kill -TERM <npm's pid>` reaches only that shell, which dies
// without passing the signal on (dash, Debian's sh). Left without that shell, this script stops the server as if
// it had been signalled, instead of leaving it holding the port and the data folder. Only under a package
// manager: `nohup node scripts/start.mjs &` is meant to outlive its terminal.
if (process.env.npm_lifecycle_event) {
  const launcher = process.ppid;
  const orphanCheck = setInterval(() => {
    if (process.ppid === launcher) return;
    clearInterval(orphanCheck);
    server.kill('SIGTERM');
  }, ORPHAN_CHECK_MS);
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
