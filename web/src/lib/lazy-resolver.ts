import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

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

/**
 * A lazy resolver for a zod schema that is itself loaded on first use (from the contract, or from
 * a screen's own schema module): zod and the resolver load with it. The schema must be imported
 * by name (`(await import('@portal/contract')).loginBody`): `import('zod')` itself would load all
 * of zod, since a namespace imported dynamically cannot be tree-shaken.
 */
export function lazyZodResolver<T extends FieldValues>(schema: () => Promise<ZodType<T, T>>) {
  return lazyResolver<T>(async () => {
    const [{ zodResolver }, loaded] = await Promise.all([import('@hookform/resolvers/zod'), schema()]);
    return zodResolver(loaded);
  });
}
