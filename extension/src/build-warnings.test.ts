import type { RollupLog } from 'rollup';
import { describe, expect, it, vi } from 'vitest';
import type { InlineConfig } from 'vite';
import config from '../wxt.config.ts';

/** The build's warning handler as wxt.config.ts gives it to Rollup. */
async function onwarn() {
  const vite = (await (config.vite as (env: unknown) => InlineConfig | Promise<InlineConfig>)({})).build;
  const handler = vite?.rollupOptions?.onwarn;
  if (!handler) throw new Error('wxt.config.ts sets no Rollup warning handler');
  return (log: RollupLog) => {
    const printed = vi.fn();
    handler(log, printed);
    return printed.mock.calls.length > 0;
  };
}

describe('the extension build', () => {
  it("prints no warning for zod's comments beside its pure annotations (issue 25 item 15)", async () => {
    const printed = await onwarn();
    const zod = {
      code: 'INVALID_ANNOTATION',
      id: '/repo/node_modules/zod/v4/core/util.js',
      message: 'A comment…',
    };
    expect(printed(zod)).toBe(false);
  });

  it('still prints every other warning, the same one from our own code included', async () => {
    const printed = await onwarn();
    expect(
      printed({ code: 'INVALID_ANNOTATION', id: '/repo/extension/src/x.ts', message: 'A comment…' }),
    ).toBe(true);
    expect(printed({ code: 'CIRCULAR_DEPENDENCY', message: 'Circular dependency' })).toBe(true);
  });
});
