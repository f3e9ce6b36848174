import type { ComponentType } from 'react';
import { TIMINGS } from '@cofounder/shared';

/** A page module that did not arrive: the download failed or took longer than the spec's 120 s. */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError;
}

/** Rejects with ChunkLoadError when `load` fails or has not settled after `timeoutMs`. */
export function loadWithTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = TIMINGS.chunkLoadTimeoutMs,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Page module did not load within ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('Page module failed to load', { cause }));
      },
    );
  });
}

/**
 * A route's `lazy` loader: downloads the module only when the route is first visited (public pages never
 * fetch dashboard code) and picks the component to render.
 */
export function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await loadWithTimeout(load)) });
}
