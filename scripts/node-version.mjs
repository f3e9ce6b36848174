// The Node version the project needs, read from the root package.json "engines" (the one place it is written).
// An older Node fails later and obscurely (pg-boss, werift and listr2 need 22.13+), so every root script checks it
// first. Run directly (scripts/ensure-node.sh does), it only answers by its exit code.
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
    `Cofounder needs Node ${requiredNode} or newer; this is ${process.version}. Install Node 24 LTS, or run ". scripts/ensure-node.sh" to put one in .tools/ for this shell.`,
  );
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(nodeIsRecentEnough() ? 0 : 1);
