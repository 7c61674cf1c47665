/**
 * Issue 14: a module that few requests need (the passkey ceremonies, the certificate PDF, …), loaded
 * by the first of them instead of at start, so an idle server does not hold it. The first caller
 * waits for the load; later ones get the same module. A failed load is not kept: the next call
 * tries again. scripts/build.mjs splits the bundle so that `import('./x')` of our own modules stays
 * a load on first use too.
 */
const loaded = new Set<string>();

export function lazy<T>(name: string, load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().then(
      (module) => {
        loaded.add(name);
        return module;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));
}

/** Whether this process has loaded the lazy module of that name yet (tests check that start does not). */
export const isLazyLoaded = (name: string) => loaded.has(name);
