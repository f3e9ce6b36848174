/**
 * What a running server must close, registered as each thing opens and closed in reverse order (what opened last
 * depends on what opened before it). Start-up failures and shutdown close through the same list.
 */
export function createClosers() {
  const closers: (() => unknown)[] = [];
  return {
    add(close: () => unknown): void {
      closers.push(close);
    },
    async closeAll(): Promise<void> {
      while (closers.length) await closers.pop()!();
    },
  };
}
