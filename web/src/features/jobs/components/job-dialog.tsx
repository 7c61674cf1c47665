import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { job as jobSchema, JOB_TOAST_MS, jobBody, URL_PATTERN, type Job } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { errorMessage } from '../../../lib/api';
import { conflictCurrent } from '../../../lib/edit-conflict';
import { toast } from '../../../lib/toast';
import { useSaveJob } from '../api/use-job-mutations';

/**
 * The form checks that every field is filled in; the link's pattern is checked on submit so a
 * malformed link gets the toast of spec §5 rather than an inline error.
 */
const jobForm = jobBody.extend({
  applyLink: z.string().trim().min(1, 'Apply link is required').max(500),
});
type JobFormValues = z.input<typeof jobForm>;

export const JOB_FORM_DEFAULTS: JobFormValues = {
  title: '',
  company: '',
  location: '',
  description: '',
  applyLink: '',
};

export const toJobForm = (job: Job): JobFormValues => ({
  title: job.title,
  company: job.company,
  location: job.location,
  description: job.description,
  applyLink: job.applyLink,
});

/** What the conflict alert shows of the job someone else saved: every field the dialog edits. */
const conflictFields = (job: Job) => [
  { label: 'Title', value: job.title },
  { label: 'Company', value: job.company },
  { label: 'Location', value: job.location },
  { label: 'Description', value: job.description },
  { label: 'Apply Link', value: job.applyLink },
];

interface JobDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The job to edit; null or absent: add mode. */
  job?: Job | null;
}

/** The admin's Add/Edit job dialog (spec §2, §4, §5). */
export function JobDialog({ opened, onClose, job }: JobDialogProps) {
  const editing = Boolean(job);
  const save = useSaveJob();
  // Issue 16: the job as someone else saved it, when a save was refused; once reloaded, the
  // form edits that version.
  const [conflict, setConflict] = useState<Job | null>(null);
  const [reloaded, setReloaded] = useState<Job | null>(null);
  const base = reloaded ?? job;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<JobFormValues, unknown, z.output<typeof jobForm>>({
    resolver: zodResolver(jobForm),
    defaultValues: JOB_FORM_DEFAULTS,
  });

  useEffect(() => {
    if (opened) reset(job ? toJobForm(job) : JOB_FORM_DEFAULTS);
  }, [opened, job, reset]);

  // spec §4: the same pattern as the certificate dialog, closing or finishing resets the form.
  const close = () => {
    reset(JOB_FORM_DEFAULTS);
    save.reset();
    setConflict(null);
    setReloaded(null);
    onClose();
  };

  const reload = () => {
    if (!conflict) return;
    reset(toJobForm(conflict));
    setReloaded(conflict);
    setConflict(null);
  };

  const onSubmit = (values: z.output<typeof jobForm>) => {
    if (!URL_PATTERN.test(values.applyLink)) {
      toast.error('Invalid URL', 'Please enter a valid apply link.', JOB_TOAST_MS);
      return;
    }
    save.mutate(
      { id: base?._id, version: base?.version, values },
      {
        onSuccess: () => {
          if (editing) toast.success('Job updated.', 'The job was updated successfully.', JOB_TOAST_MS);
          else toast.success('Job created.', 'The job was created successfully.', JOB_TOAST_MS);
          close();
        },
        // ARCHITECTURE §6: failures are shown, with the server's message.
        onError: (err) => {
          const current = conflictCurrent(err, jobSchema);
          if (current) return setConflict(current);
          toast.error(
            editing ? 'Job not updated.' : 'Job not created.',
            errorMessage(err, 'The job could not be saved. Please try again.'),
            JOB_TOAST_MS,
          );
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      // Not while saving: the result (and its toast) would be lost.
      onClose={() => !save.isPending && close()}
      title={editing ? 'Edit Job' : 'Add Job'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
        <Stack>
          {conflict && (
            <EditConflictAlert
              record="this job"
              fields={conflictFields(conflict)}
              onReload={reload}
              disabled={save.isPending}
            />
          )}
          <TextInput label="Title" withAsterisk {...register('title')} error={errors.title?.message} />
          <TextInput label="Company" withAsterisk {...register('company')} error={errors.company?.message} />
          <TextInput label="Location" withAsterisk {...register('location')} error={errors.location?.message} />
          <Textarea
            label="Description"
            withAsterisk
            autosize
            minRows={3}
            {...register('description')}
            error={errors.description?.message}
          />
          <TextInput
            label="Apply Link"
            withAsterisk
            placeholder="e.g. careers.example.org/apply"
            {...register('applyLink')}
            error={errors.applyLink?.message}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {editing ? 'Update' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
