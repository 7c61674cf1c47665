import { Button, FileButton, Group, NativeSelect, Progress, Stack, Text, TextInput } from '@mantine/core';
import { type CeActivity, ceActivityFields, type RecertificationStatus } from '@portal/contract';
import { IconCamera, IconFileUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api';
import { formatCalendarDay } from '../../../lib/dates';
import { useContractForm } from '../../../lib/contract-form';
import { filled } from '../../../lib/form-fields';
import { toast } from '../../../lib/toast';
import { useSaveActivity } from '../api/use-my-renewal';
import { type RecertificationT, recertificationWords } from '../words';
import classes from './touch.module.css';

/**
 * The form's boxes hold text: hours are typed, then checked by the contract's rule for hours. Its
 * own two messages are in the reader's language, so the schema is made (and memoised) per language.
 */
const activityFormOf = (t: RecertificationT) =>
  ceActivityFields.omit({ evidenceUrl: true }).extend({
    hours: filled(
      t('recertification.form.hoursRequired'),
      z.coerce.number({ error: t('recertification.form.hoursNumber') }).pipe(ceActivityFields.shape.hours),
    ),
  });
type ActivityForm = z.input<ReturnType<typeof activityFormOf>>;

const EVIDENCE_TYPES = 'application/pdf,image/jpeg,image/png,image/webp,image/heic';

const toForm = (activity: CeActivity | null, category: string): ActivityForm =>
  activity
    ? {
        title: activity.title,
        provider: activity.provider,
        completedOn: activity.completedOn.slice(0, 10),
        hours: String(activity.hours),
        category: activity.category,
      }
    : { title: '', provider: '', completedOn: '', hours: '', category };

/**
 * Issue 33: a member logs a continuing-education activity, or changes one not yet part of an
 * application. Its evidence (a certificate of attendance) is a PDF or a photo, taken with the
 * phone's camera if need be; the server checks both by their content. Mounted while open, so
 * that each opening starts afresh.
 */
export function CeActivityDialog({
  certificateId,
  status,
  activity,
  opened,
  onClose,
}: {
  certificateId: string;
  status: RecertificationStatus;
  /** The activity to change; null: a new one. */
  activity: CeActivity | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, rich } = useT(recertificationWords);
  const activityForm = useMemo(() => activityFormOf(t), [t]);
  const save = useSaveActivity(certificateId);
  const [evidence, setEvidence] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { handleSubmit, fieldProps } = useContractForm(activityForm, {
    defaultValues: toForm(activity, status.categories[0]?.key ?? ''),
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      {
        id: activity?._id,
        fields: { ...values, evidenceUrl: activity?.evidenceUrl ?? '' },
        evidence,
        onProgress: setProgress,
      },
      {
        onSuccess: (saved) => {
          toast.success(
            t(activity ? 'recertification.form.updated' : 'recertification.form.added'),
            t('recertification.form.logged', { title: saved.title, hours: saved.hours }),
          );
          onClose();
        },
        onSettled: () => setProgress(null),
      },
    ),
  );

  const evidenceName = evidence?.name ?? (activity?.evidenceUrl ? t('recertification.form.evidenceUploaded') : null);
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t(activity ? 'recertification.form.editTitle' : 'recertification.form.addTitle')}
      className={classes.touch}
      onSubmit={onSubmit}
      pending={save.isPending}
      submitLabel={t(activity ? 'recertification.save' : 'recertification.form.addTitle')}
      error={save.isError ? errorMessage(save.error, t('recertification.form.failed')) : null}
    >
      <Stack>
        <TextInput label={t('recertification.form.title')} withAsterisk autoComplete="off" {...fieldProps('title')} />
        <TextInput
          label={t('recertification.form.provider')}
          withAsterisk
          autoComplete="organization"
          {...fieldProps('provider')}
        />
        <TextInput
          label={t('recertification.form.completedOn')}
          type="date"
          withAsterisk
          description={t('recertification.form.completedOnHint', {
            start: formatCalendarDay(status.cycleStart),
            end: formatCalendarDay(status.cycleEnd),
          })}
          {...fieldProps('completedOn')}
        />
        <TextInput
          label={t('recertification.form.hours')}
          inputMode="decimal"
          withAsterisk
          description={t('recertification.form.hoursHint', { max: status.maxHoursPerActivity })}
          {...fieldProps('hours')}
        />
        <NativeSelect
          label={t('recertification.form.category')}
          withAsterisk
          data={status.categories.map((c) => ({ value: c.key, label: c.name }))}
          {...fieldProps('category')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('recertification.form.evidence')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('recertification.form.evidenceHint')}
          </Text>
          <Group gap="xs" grow>
            <FileButton onChange={setEvidence} accept="image/*" capture="environment">
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconCamera size={18} aria-hidden />}>
                  {t('recertification.form.takePhoto')}
                </Button>
              )}
            </FileButton>
            <FileButton onChange={setEvidence} accept={EVIDENCE_TYPES}>
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconFileUpload size={18} aria-hidden />}>
                  {t('recertification.form.chooseFile')}
                </Button>
              )}
            </FileButton>
          </Group>
          <Text size="sm" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
            {evidenceName
              ? rich('recertification.form.evidenceChosen', { name: <bdi>{evidenceName}</bdi> })
              : t('recertification.form.noEvidence')}
          </Text>
          {progress !== null ? (
            <Progress value={progress * 100} aria-label={t('recertification.form.uploading')} />
          ) : null}
        </Stack>
      </Stack>
    </FormDialog>
  );
}
