// The quick proofs of issue 13 (items 1-7 and the budgets) for the test:proof report: they run in npm test as
// well; here their figures join the table. Each security test prints a line "…: …, <figure> = N (threshold 0)".
import { spawn } from 'node:child_process';
import { root } from '../lib.mjs';
import { figure } from './common.mjs';

/** Runs a command without colours, echoing and returning its output. */
function capture(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
    let out = '';
    const take = (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** server/src/security: every printed figure with its threshold; the run passes when every test passes. */
export async function securityProof() {
  const { code, out } = await capture('npx', ['vitest', 'run', '--project', 'server', 'server/src/security']);
  const figures = [];
  for (const line of out.split('\n')) {
    const m = /^\s*(.+?) = (\d+) \(threshold (\d+)\)/.exec(line);
    if (!m) continue;
    const [, name, value, threshold] = m;
    figures.push(figure('security', name, Number(value), `≤ ${threshold}`, Number(value) <= Number(threshold) && code === 0));
  }
  figures.push(figure('security', 'server/src/security test files', code === 0 ? 'all passed' : 'failures', 'all pass', code === 0));
  return figures;
}

/** The static JS budgets (after a build): landing page and each popup state. */
export async function budgetsProof() {
  const figures = [];
  for (const [name, script] of [
    ['landing JS', 'scripts/landing-budget.mjs'],
    ['popup JS', 'scripts/popup-budget.mjs'],
  ]) {
    const { code, out } = await capture('node', [script]);
    const totals = out.split('\n').filter((l) => /total JS|popup signed/.test(l)).map((l) => l.replace(/\s+/g, ' '));
    figures.push(figure('budgets', `${name}: ${totals.map((l) => l.trim()).join('; ')}`, code === 0 ? 'within' : 'over', 'budget', code === 0));
  }
  return figures;
}
