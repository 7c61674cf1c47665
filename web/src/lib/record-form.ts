import { useEffect, useMemo, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { type MalformedToasts, useContractForm } from './contract-form';
import { conflictCurrent } from './edit-conflict';

interface RecordFormOptions<R, Opened extends R | null | undefined, TIn extends FieldValues, TOut> {
  /** The record as the form was opened with it; null or absent: a new one. */
  record: Opened;
  /** The contract's schema of what is saved; or, where a check depends on it, built from the record edited. */
  schema: z.ZodType<TOut, TIn> | ((base: R | Opened) => z.ZodType<TOut, TIn>);
  /** The record as the form holds it. */
  toForm: (record: R) => TIn;
  /** A new record's form, and what closing leaves the form at (spec §4). */
  defaults?: TIn;
  /** Given: each time the dialog opens, the form starts from its record, or from the defaults. */
  opened?: boolean;
  /** The contract's schema of the record: the 412 of a stale save carries it (issue 16). */
  current: z.ZodType<R>;
  /** What the conflict alert shows of their record: the fields the form edits. */
  conflictFields: (record: R) => { label: string; value: string }[];
  /** The save: nothing in the alert can be done while it runs, and closing resets it. */
  save: { isPending: boolean; reset: () => void };
  onClose: () => void;
  malformed?: MalformedToasts<TIn>;
}

/**
 * The form of a dialog that edits a record (issue 16, decision 0015): it saves naming the version
 * it was opened at, and a save refused because someone else saved first shows their values
 * (`conflict`, the props of EditConflictAlert); Reload puts them into the form, which then edits
 * their version. Answers the form (useContractForm's), and that.
 */
export function useRecordForm<R, Opened extends R | null | undefined, TIn extends FieldValues, TOut>({
  record,
  schema,
  toForm,
  defaults,
  opened,
  current,
  conflictFields,
  save,
  onClose,
  malformed,
}: RecordFormOptions<R, Opened, TIn, TOut>) {
  const [conflict, setConflict] = useState<R | null>(null);
  const [reloaded, setReloaded] = useState<R | null>(null);
  const base = reloaded ?? record;
  const formSchema = useMemo(() => (typeof schema === 'function' ? schema(base) : schema), [schema, base]);
  const form = useContractForm<TIn, TOut>(formSchema, {
    defaultValues: defaults as DefaultValues<TIn> | undefined,
    malformed,
  });
  const { reset } = form;

  useEffect(() => {
    if (opened) reset(record ? toForm(record) : defaults);
  }, [opened, record, toForm, defaults, reset]);

  const forget = () => {
    setConflict(null);
    setReloaded(null);
  };

  return {
    ...form,
    /** The record the save names (its id and version): as opened, or as reloaded. */
    base,
    conflict: conflict && {
      fields: conflictFields(conflict),
      onReload: () => {
        reset(toForm(conflict));
        setReloaded(conflict);
        setConflict(null);
      },
      disabled: save.isPending,
    },
    /** Whether a failed save was refused because someone else saved first; if so, their values are shown. */
    showConflict: (err: unknown) => {
      const theirs = conflictCurrent(err, current);
      if (theirs) setConflict(theirs);
      return theirs !== null;
    },
    forget,
    /** spec §4: closing (or finishing) resets the form to its defaults, and the save. */
    close: () => {
      if (defaults) reset(defaults);
      save.reset();
      forget();
      onClose();
    },
  };
}
