import { Checkbox, Group, NativeSelect, NumberInput, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import type { ReportFieldsInput } from '@portal/contract';
import { memo } from 'react';
import { type Control, Controller, type FieldPath, type FieldError } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import type { ReportField } from '../report-sections';
import { reportsWords } from '../words';
import classes from './report-field-input.module.css';

const CHOICE = { body: classes.choiceBody, label: classes.choiceLabel };

type Name = FieldPath<ReportFieldsInput>;

/** The first message of a field's error, nested ones (race.0) included; `fallback` when none has one. */
function messageOf(error: FieldError | undefined, fallback: string): string | undefined {
  if (!error) return undefined;
  if (error.message) return error.message;
  for (const value of Object.values(error)) {
    const nested = (value as FieldError | undefined)?.message;
    if (typeof nested === 'string' && nested) return nested;
  }
  return fallback;
}

/** An SSN's shape, the same in every language. */
const SSN_EXAMPLE = '123-45-6789';

const asString = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * One input of the report form, chosen by the field's kind; every input carries its label.
 * Memoised: its Controller re-renders it when its own value or error changes, so the form's other
 * hundred-odd inputs need not re-render with the page (when a consent answer changes).
 */
export const ReportFieldInput = memo(function ReportFieldInput({
  field,
  control,
}: {
  field: ReportField;
  control: Control<ReportFieldsInput>;
}) {
  const { t } = useT(reportsWords);
  const id = `report-${field.name.replaceAll('.', '-')}`;
  const label = t(field.label);
  const options = field.options ?? [];
  return (
    <Controller
      name={field.name as Name}
      control={control}
      render={({ field: input, fieldState }) => {
        const error = messageOf(fieldState.error, t('reports.input.invalid'));
        const common = { id, label, error, onBlur: input.onBlur, name: input.name };
        const inputClasses = { input: classes.input };
        switch (field.kind) {
          case 'text':
          case 'phone':
            return (
              <TextInput
                {...common}
                classNames={inputClasses}
                ref={input.ref}
                type={field.kind === 'phone' ? 'tel' : 'text'}
                autoComplete="off"
                value={asString(input.value)}
                onChange={(e) => input.onChange(e.currentTarget.value)}
              />
            );
          case 'ssn':
            return (
              <TextInput
                {...common}
                classNames={inputClasses}
                ref={input.ref}
                autoComplete="off"
                // Issue 17: an unknown digit of a partial SSN is an x, so not a digits-only keypad.
                placeholder={SSN_EXAMPLE}
                maxLength={11}
                value={asString(input.value)}
                onChange={(e) => input.onChange(e.currentTarget.value)}
              />
            );
          case 'zip':
            return (
              <TextInput
                {...common}
                classNames={inputClasses}
                ref={input.ref}
                inputMode="numeric"
                maxLength={5}
                value={asString(input.value)}
                onChange={(e) => input.onChange(e.currentTarget.value)}
              />
            );
          case 'date':
            return (
              <TextInput
                {...common}
                classNames={inputClasses}
                ref={input.ref}
                type="date"
                value={asString(input.value)}
                onChange={(e) => input.onChange(e.currentTarget.value)}
              />
            );
          case 'textarea':
            return (
              <Textarea
                {...common}
                ref={input.ref}
                autosize
                minRows={2}
                value={asString(input.value)}
                onChange={(e) => input.onChange(e.currentTarget.value)}
              />
            );
          case 'money':
          case 'months':
            return (
              <NumberInput
                {...common}
                classNames={inputClasses}
                ref={input.ref}
                min={0}
                max={field.kind === 'months' ? 36 : undefined}
                allowNegative={false}
                // Issue 35: the 17 px up and down arrows are no target for a thumb; a phone's
                // number keyboard (inputMode) is.
                hideControls
                inputMode={field.kind === 'money' ? 'decimal' : 'numeric'}
                allowDecimal={field.kind === 'money'}
                decimalScale={field.kind === 'money' ? 2 : 0}
                prefix={field.kind === 'money' ? '$' : undefined}
                thousandSeparator={field.kind === 'money' ? ',' : undefined}
                value={typeof input.value === 'number' ? input.value : ''}
                onChange={(v) => input.onChange(v === '' || v === null ? null : Number(v))}
              />
            );
          case 'select':
            return (
              <NativeSelect
                {...common}
                classNames={inputClasses}
                ref={input.ref}
                value={asString(input.value)}
                onChange={(e) => input.onChange(e.currentTarget.value)}
                data={[
                  { value: '', label: t('reports.input.select') },
                  ...options.map((o) => ({ value: o.value, label: t(o.label) })),
                ]}
              />
            );
          case 'yesNo':
            return (
              <Radio.Group {...common} value={asString(input.value)} onChange={(v) => input.onChange(v)}>
                <Group mt={0} gap="xs">
                  {options.map((o) => (
                    <Radio
                      key={o.value}
                      value={o.value}
                      label={t(o.label)}
                      id={`${id}-${o.value}`}
                      classNames={CHOICE}
                    />
                  ))}
                </Group>
              </Radio.Group>
            );
          case 'checkboxes':
            // ARCHITECTURE §6: ticking adds, unticking removes, never twice.
            return (
              <Checkbox.Group
                {...common}
                value={Array.isArray(input.value) ? (input.value as string[]) : []}
                onChange={(v) => input.onChange(v)}
              >
                <Stack gap={0}>
                  {options.map((o, i) => (
                    <Checkbox key={o.value} value={o.value} label={t(o.label)} id={`${id}-${i}`} classNames={CHOICE} />
                  ))}
                </Stack>
              </Checkbox.Group>
            );
          case 'flag':
            return (
              <Checkbox
                id={id}
                ref={input.ref}
                name={input.name}
                label={label}
                classNames={CHOICE}
                error={error}
                checked={input.value === true}
                onBlur={input.onBlur}
                onChange={(e) => input.onChange(e.currentTarget.checked)}
              />
            );
        }
      }}
    />
  );
});
