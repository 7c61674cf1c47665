import { useMemo } from 'react';
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { messageLanguage } from '../i18n/format';

/**
 * What a form validates with: the contract's schema (or one built on it), or, on a guest screen, a
 * loader of it. A guest screen's form needs zod (about 28 KB gzip) only once it is used, not to
 * paint (docs/performance.md), so its schema is imported by name when first needed
 * (`async () => (await import('@portal/contract')).loginBody`): `import('zod')` itself would load
 * all of zod, since a namespace imported dynamically cannot be tree-shaken.
 */
export type FormSchema<TIn extends FieldValues, TOut> = ZodType<TOut, TIn> | (() => Promise<ZodType<TOut, TIn>>);

/**
 * spec §5: fields whose malformed value (the contract's format check: an e-mail address, a link)
 * is not shown at the field; once the rest of the form is valid, a submit calls the field's
 * function with the contract's message (a toast) and sends nothing. A module constant: it is read
 * with the schema.
 */
export type MalformedToasts<TIn extends FieldValues> = Partial<Record<keyof TIn & string, (message: string) => void>>;

/** Where the resolver keeps the malformed values it took from their fields: no field has this name. */
const MALFORMED = '~malformed';

/**
 * The one resolver of the web forms: the schema's checks, with the zod resolver loaded on first
 * use, so that it costs a screen nothing until its form is used. `prefetch` starts the download
 * (a guest screen calls it when its form is first focused), so that a submit seldom waits for it;
 * a failed download is tried again at the next validation.
 */
export function formResolver<TIn extends FieldValues, TOut>(
  schema: FormSchema<TIn, TOut>,
  malformed: MalformedToasts<TIn> = {},
) {
  let loading: Promise<Resolver<TIn, unknown, TOut>> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), typeof schema === 'function' ? schema() : schema])
      .then(([{ zodResolver }, loaded]) => zodResolver(loaded))
      .catch((err: unknown) => {
        loading = undefined;
        throw err;
      }));
  const resolver: Resolver<TIn, unknown, TOut> = async (values, context, options) => {
    const checked = await (await load())(values, context, options);
    // Issue 34: the contract's messages in the screens' language (their words load on first need;
    // an English screen never loads them).
    const result: typeof checked =
      messageLanguage() !== 'en' && Object.keys(checked.errors).length
        ? { values: {}, errors: await (await import('./validation-words')).inScreensLanguage<TIn>(checked.errors) }
        : checked;
    const fieldErrors = result.errors as Record<string, FieldError | undefined>;
    const told = Object.keys(malformed).filter((name) => fieldErrors[name]?.type === 'invalid_format');
    if (told.length === 0) return result;
    const errors: Record<string, unknown> = { ...fieldErrors };
    errors[MALFORMED] = Object.fromEntries(told.map((name) => [name, fieldErrors[name]?.message]));
    for (const name of told) delete errors[name];
    return { values: {}, errors: errors as FieldErrors<TIn> };
  };
  return {
    resolver,
    prefetch: () => {
      load().catch(() => {});
    },
  };
}

/**
 * react-hook-form's useForm, validated by `schema` through formResolver: the one way a web form
 * takes its rules, which are the contract's and written nowhere else. `schema` is a module
 * constant (or memoised): a new one makes a new resolver.
 */
export function useContractForm<TIn extends FieldValues, TOut = TIn>(
  schema: FormSchema<TIn, TOut>,
  {
    malformed,
    ...props
  }: Omit<UseFormProps<TIn, unknown, TOut>, 'resolver'> & { malformed?: MalformedToasts<TIn> } = {},
) {
  const validation = useMemo(() => formResolver(schema, malformed), [schema, malformed]);
  const form = useForm<TIn, unknown, TOut>({ ...props, resolver: validation.resolver });
  const handleSubmit: typeof form.handleSubmit = (onValid, onInvalid) =>
    form.handleSubmit(onValid, async (errors, event) => {
      const { [MALFORMED]: told, ...others } = errors as Record<string, unknown>;
      if (told && Object.keys(others).length === 0) {
        for (const [name, message] of Object.entries(told as Record<string, string>)) {
          malformed?.[name as keyof TIn & string]?.(message);
        }
      }
      await onInvalid?.(errors, event);
    });
  /** A box's props: registered with the form, and with its error. */
  const fieldProps = <N extends Path<TIn>>(name: N) => ({
    ...form.register(name),
    error: (get(form.formState.errors, name) as FieldError | undefined)?.message,
  });
  return { ...form, handleSubmit, fieldProps, prefetch: validation.prefetch };
}
