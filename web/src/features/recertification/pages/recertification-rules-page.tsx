import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  type NumberInputProps,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type RecertificationRules, recertificationRules } from '@portal/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type Control, Controller, type FieldError, type FieldPath, get, useFieldArray } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';
import { toast } from '../../../lib/toast';
import { useRecertificationRules, useSaveRecertificationRules } from '../api/use-recertification-rules';
import classes from '../components/touch.module.css';
import { recertificationWords } from '../words';
import { useNav } from '../../../app/layouts/words';

/**
 * Issue 33: /admin/manage/recertification. The board's rules for renewing a certificate: its cycle,
 * the continuing-education hours a holder needs in all and per category, the most one activity
 * counts for, the grace period, the share drawn for audit and the note on a late fee.
 */
export default function RecertificationRulesPage() {
  const { t } = useT(recertificationWords);
  const rules = useRecertificationRules();
  if (rules.isPending) return <Loader aria-label={t('recertification.rules.loading')} />;
  if (rules.isError) {
    return (
      <Alert color="red" title={t('common.error')}>
        {errorMessage(rules.error, t('recertification.rules.loadFailed'))}
      </Alert>
    );
  }
  return <RulesForm saved={rules.data} />;
}

/**
 * A number box of the form: what it holds goes to the contract's schema as typed ('' is not a
 * number). No min or max here: the box would clamp a wrong value on blur instead of the schema
 * saying what is wrong with it.
 */
function NumberField({
  control,
  name,
  ...props
}: { control: Control<RecertificationRules>; name: FieldPath<RecertificationRules> } & NumberInputProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          {...props}
          hideControls
          name={field.name}
          ref={field.ref}
          value={field.value as number | string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function RulesForm({ saved }: { saved: RecertificationRules }) {
  const { t } = useT(recertificationWords);
  const nav = useNav();
  const save = useSaveRecertificationRules();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, fieldProps, reset, formState } = useContractForm(recertificationRules, {
    defaultValues: saved,
  });
  const categories = useFieldArray({ control, name: 'categories' });
  // The list's own errors (none, too many, duplicate keys, minimums over the total).
  const listError =
    (get(formState.errors, 'categories.root') as FieldError | undefined)?.message ??
    (get(formState.errors, 'categories') as FieldError | undefined)?.message;

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: (rules) => {
        reset(rules);
        toast.success(
          t('recertification.rules.saved'),
          t('recertification.rules.savedText', { totalHours: rules.totalHours, cycleMonths: rules.cycleMonths }),
        );
      },
      // The server's 400 says what it refused.
      onError: (err) => {
        const message = errorMessage(err, t('recertification.rules.saveFailed'));
        setFailure(message);
        toast.error(t('recertification.rules.notSavedTitle'), message);
      },
    });
  });

  return (
    <Card withBorder radius="lg" padding="lg" maw={720} className={classes.touch}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {nav('Recertification Rules')}
          </Title>
          <Text size="sm">{t('recertification.rules.intro')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberField
              control={control}
              name="cycleMonths"
              label={t('recertification.rules.cycleMonths')}
              allowDecimal={false}
            />
            <NumberField
              control={control}
              name="totalHours"
              label={t('recertification.rules.totalHours')}
              decimalScale={2}
              step={0.25}
            />
            <NumberField
              control={control}
              name="maxHoursPerActivity"
              label={t('recertification.rules.maxHoursPerActivity')}
              decimalScale={2}
              step={0.25}
            />
            <NumberField
              control={control}
              name="graceDays"
              label={t('recertification.rules.graceDays')}
              allowDecimal={false}
            />
            <NumberField
              control={control}
              name="auditPercent"
              label={t('recertification.rules.auditPercent')}
              decimalScale={2}
            />
          </SimpleGrid>

          <Title order={3} size="h5">
            {t('recertification.rules.categories')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('recertification.rules.categoriesHint')}
          </Text>
          {categories.fields.map((row, index) => (
            <Card
              key={row.id}
              withBorder
              padding="sm"
              component="fieldset"
              aria-label={t('recertification.rules.category', { number: index + 1 })}
            >
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={500} size="sm">
                    {t('recertification.rules.category', { number: index + 1 })}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={44}
                    aria-label={t('recertification.rules.removeCategory', { number: index + 1 })}
                    onClick={() => categories.remove(index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput
                    label={t('recertification.rules.categoryKey', { number: index + 1 })}
                    {...fieldProps(`categories.${index}.key`)}
                  />
                  <TextInput
                    label={t('recertification.rules.categoryName', { number: index + 1 })}
                    {...fieldProps(`categories.${index}.name`)}
                  />
                  <NumberField
                    control={control}
                    name={`categories.${index}.minHours`}
                    label={t('recertification.rules.categoryMinHours', { number: index + 1 })}
                    decimalScale={2}
                    step={0.25}
                  />
                </SimpleGrid>
              </Stack>
            </Card>
          ))}
          {listError ? (
            <Text c="red.8" size="sm" role="alert">
              {listError}
            </Text>
          ) : null}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => categories.append({ key: '', name: '', minHours: 0 })}
            >
              {t('recertification.rules.addCategory')}
            </Button>
          </Group>

          <Textarea
            label={t('recertification.rules.lateFeeNote')}
            description={t('recertification.rules.lateFeeNoteHint')}
            autosize
            minRows={2}
            {...fieldProps('lateFeeNote')}
          />

          {failure ? (
            <Alert color="red" role="alert" title={t('recertification.rules.notSaved')}>
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="subtle" onClick={() => reset(saved)} disabled={!formState.isDirty || save.isPending}>
              {t('recertification.rules.undo')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('recertification.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
