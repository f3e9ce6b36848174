// `npm run dev`: the server under tsx watch plus Vite with hot reload; Vite proxies /api, /auth and /dev
// to the server, and email links point at Vite's origin so a confirmation lands in the hot-reloading app.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib.mjs';
import { requireNode } from './node-version.mjs';

requireNode();

const webPort = process.env.WEB_DEV_PORT ?? '5173';
const env = {
  DATA_DIR: join(root, '.data'),
  PUBLIC_URL: `http://localhost:${webPort}`,
  ...process.env,
};
const children = [
  spawn('npx', ['tsx', 'watch', 'src/main.ts'], { cwd: join(root, 'server'), stdio: 'inherit', env }),
  spawn('npx', ['vite', '--port', webPort], { cwd: join(root, 'web'), stdio: 'inherit', env }),
];
const stop = (sig) => children.forEach((c) => c.kill(sig));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children) c.on('exit', (code) => { stop('SIGTERM'); process.exitCode = code ?? 0; });
