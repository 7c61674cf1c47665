import { Button, FileButton, Group, NativeSelect, Progress, Stack, Text, TextInput } from '@mantine/core';
import { type CeActivity, ceActivityFields, type RecertificationStatus } from '@portal/contract';
import { IconCamera, IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/api';
import { formatCalendarDay } from '../../../lib/dates';
import { useContractForm } from '../../../lib/contract-form';
import { filled } from '../../../lib/form-fields';
import { toast } from '../../../lib/toast';
import { useSaveActivity } from '../api/use-my-renewal';
import classes from './touch.module.css';

/** The form's boxes hold text: hours are typed, then checked by the contract's rule for hours. */
const activityForm = ceActivityFields.omit({ evidenceUrl: true }).extend({
  hours: filled(
    'Hours is required',
    z.coerce.number({ error: 'Hours must be a number of hours' }).pipe(ceActivityFields.shape.hours),
  ),
});
type ActivityForm = z.input<typeof activityForm>;

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
            activity ? 'Activity updated' : 'Activity added',
            `${saved.title}: ${saved.hours} hours logged.`,
          );
          onClose();
        },
        onSettled: () => setProgress(null),
      },
    ),
  );

  const evidenceName = evidence?.name ?? (activity?.evidenceUrl ? 'The evidence you uploaded' : null);
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={activity ? 'Edit activity' : 'Add activity'}
      className={classes.touch}
      onSubmit={onSubmit}
      pending={save.isPending}
      submitLabel={activity ? 'Save' : 'Add activity'}
      error={save.isError ? errorMessage(save.error, 'The activity could not be saved. Please try again.') : null}
    >
      <Stack>
        <TextInput label="Title" withAsterisk autoComplete="off" {...fieldProps('title')} />
        <TextInput label="Provider" withAsterisk autoComplete="organization" {...fieldProps('provider')} />
        <TextInput
          label="Completed on"
          type="date"
          withAsterisk
          description={`Inside your current cycle, ${formatCalendarDay(status.cycleStart)} to ${formatCalendarDay(status.cycleEnd)}`}
          {...fieldProps('completedOn')}
        />
        <TextInput
          label="Hours"
          inputMode="decimal"
          withAsterisk
          description={`In quarters of an hour (1.5, 2.25), at most ${status.maxHoursPerActivity}`}
          {...fieldProps('hours')}
        />
        <NativeSelect
          label="Category"
          withAsterisk
          data={status.categories.map((c) => ({ value: c.key, label: c.name }))}
          {...fieldProps('category')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Evidence
          </Text>
          <Text size="xs" c="dimmed">
            A certificate of attendance: a PDF, or a photo of it. An application drawn for audit needs one on every
            activity.
          </Text>
          <Group gap="xs" grow>
            <FileButton onChange={setEvidence} accept="image/*" capture="environment">
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconCamera size={18} aria-hidden />}>
                  Take a photo
                </Button>
              )}
            </FileButton>
            <FileButton onChange={setEvidence} accept={EVIDENCE_TYPES}>
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconFileUpload size={18} aria-hidden />}>
                  Choose a file
                </Button>
              )}
            </FileButton>
          </Group>
          <Text size="sm" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
            {evidenceName ? `Evidence: ${evidenceName}` : 'No evidence chosen'}
          </Text>
          {progress !== null ? <Progress value={progress * 100} aria-label="Uploading the evidence" /> : null}
        </Stack>
      </Stack>
    </FormDialog>
  );
}
