import { createElement, use, type ComponentType } from 'react';

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

/** A page loaded on first use, or earlier with `preload()`. */
export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

type Loaded<P> = Promise<{ default: ComponentType<P> }> & { status?: 'fulfilled' | 'rejected'; value?: { default: ComponentType<P> }; reason?: unknown };

/**
 * A page in its own chunk whose import failures (missing file, network, timeout) surface as
 * ChunkLoadError. Like React.lazy, except that a chunk already loaded (by `preload()`, started as
 * soon as the page is known to be needed) renders at once: React.lazy suspends on first render even
 * then, and React holds a revealed Suspense boundary back for 300 ms, which a deep link paid twice
 * (shell, then screen) before its first request.
 */
export function lazyPage<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loading: Loaded<P> | undefined;
  const load = (): Loaded<P> => {
    if (!loading) {
      const p = withTimeout(factory(), CHUNK_TIMEOUT_MS).catch((e: unknown) => {
        throw new ChunkLoadError(e);
      }) as Loaded<P>;
      // the fields React's use() reads to return a settled promise's value without suspending
      p.then(
        (v) => {
          p.status = 'fulfilled';
          p.value = v;
        },
        (e: unknown) => {
          p.status = 'rejected';
          p.reason = e;
          loading = undefined; // a later navigation tries again
        },
      );
      loading = p;
    }
    return loading;
  };
  function Page(props: P) {
    const p = load();
    const mod = p.status === 'fulfilled' && p.value ? p.value : use(p as Promise<{ default: ComponentType<P> }>);
    return createElement(mod.default, props);
  }
  return Object.assign(Page, { preload: () => load().catch(() => undefined) });
}

export function isChunkLoadError(e: unknown): boolean {
  if (e instanceof ChunkLoadError) return true;
  const msg = e instanceof Error ? e.message : '';
  return /dynamically imported module|Importing a module script failed|Loading chunk|ChunkLoadError/i.test(msg);
}
