import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver loaded when first needed: a guest screen's form validates with the
 * contract's zod schema, but zod (about 28 KB gzip) is not needed to paint the screen, so it is
 * not part of its first visit (docs/performance.md). `prefetch` starts the download when the
 * person starts filling the form (its first focus), so a submit seldom waits for it; a failed
 * download is tried again at the next validation.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>) {
  let loading: Promise<Resolver<T>> | undefined;
  const get = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  const resolver: Resolver<T> = async (values, context, options) => (await get())(values, context, options);
  return {
    resolver,
    prefetch: () => {
      get().catch(() => {});
    },
  };
}
