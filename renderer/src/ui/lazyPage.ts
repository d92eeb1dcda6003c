import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Spec §9: a script chunk that has not loaded after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(`Loading chunk timed out after ${ms / 1000} s`)), ms);
    promise.then(
      (v) => {
        window.clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        window.clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** React.lazy whose import failures (missing file, network, timeout) surface as ChunkLoadError. */
export function lazyPage<P extends object>(
  factory: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    withTimeout(factory(), CHUNK_TIMEOUT_MS).catch((e: unknown) => {
      throw new ChunkLoadError(e);
    }),
  );
}

export function isChunkLoadError(e: unknown): boolean {
  if (e instanceof ChunkLoadError) return true;
  const msg = e instanceof Error ? e.message : '';
  return /dynamically imported module|Importing a module script failed|Loading chunk|ChunkLoadError/i.test(msg);
}
