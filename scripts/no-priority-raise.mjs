// Chromium raises its browser, IO and compositor threads to nice -8 whenever the process may (root, or any process
// holding CAP_SYS_NICE, as CI runs). Beside a Playwright run's browsers, every other process of `npm test` then gets
// a sixth of their share of the CPU or less: the product servers the specs drive, the proofs' servers (a PGlite
// restart took 49 s, a SIGTERM stop past its 15 s) and the niced lanes (weight 15 against Chromium's 6,100). A normal
// user's browser cannot raise itself, so the suite runs as one would: without CAP_SYS_NICE.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const CAP_SYS_NICE = 23n;

function holdsSysNice() {
  if (process.platform !== 'linux' || !existsSync('/proc/self/status')) return false;
  const effective = /^CapEff:\s*([0-9a-f]+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  return effective !== undefined && ((BigInt(`0x${effective}`) >> CAP_SYS_NICE) & 1n) === 1n;
}

/**
 * When this process may raise priorities, runs this same script again under util-linux's setpriv without
 * CAP_SYS_NICE (inheritable and bounding sets, so no child can regain it) and exits with its status. Otherwise, or
 * without setpriv, returns and the script goes on as it is.
 */
export function reExecWithoutPriorityRaise() {
  if (!holdsSysNice()) return;
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path));
  if (!setpriv) return;
  const args = [
    '--inh-caps=-sys_nice',
    '--bounding-set=-sys_nice',
    process.execPath,
    ...process.execArgv,
    ...process.argv.slice(1),
  ];
  const { status, signal, error } = spawnSync(setpriv, args, { stdio: 'inherit' });
  if (error) return;
  process.exit(status ?? (signal ? 1 : 0));
}
