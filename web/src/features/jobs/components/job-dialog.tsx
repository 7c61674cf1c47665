import { Textarea, TextInput } from '@mantine/core';
import { job as jobSchema, JOB_TOAST_MS, jobBody, type Job, type JobBody } from '@portal/contract';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { errorMessage } from '../../../lib/api';
import type { MalformedToasts } from '../../../lib/contract-form';
import { FormDialog } from '../../../components/form-dialog';
import { useRecordForm } from '../../../lib/record-form';
import { toast } from '../../../lib/toast';
import { useSaveJob } from '../api/use-job-mutations';

/** spec §5: a malformed link gets a toast rather than an inline error. */
const MALFORMED: MalformedToasts<JobBody> = {
  applyLink: (message) => toast.error('Invalid URL', message, JOB_TOAST_MS),
};

export const JOB_FORM_DEFAULTS: JobBody = {
  title: '',
  company: '',
  location: '',
  description: '',
  applyLink: '',
};

export const toJobForm = (job: Job): JobBody => ({
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
  const { handleSubmit, fieldProps, base, conflict, showConflict, close } = useRecordForm({
    record: job,
    schema: jobBody,
    toForm: toJobForm,
    defaults: JOB_FORM_DEFAULTS,
    opened,
    current: jobSchema,
    conflictFields,
    save,
    onClose,
    malformed: MALFORMED,
  });

  const onSubmit = handleSubmit((values) =>
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
          if (showConflict(err)) return;
          toast.error(
            editing ? 'Job not updated.' : 'Job not created.',
            errorMessage(err, 'The job could not be saved. Please try again.'),
            JOB_TOAST_MS,
          );
        },
      },
    ),
  );

  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={editing ? 'Edit Job' : 'Add Job'}
      size="lg"
      onSubmit={onSubmit}
      pending={save.isPending}
      submitLabel={editing ? 'Update' : 'Add'}
    >
      {conflict && <EditConflictAlert record="this job" {...conflict} />}
      <TextInput label="Title" withAsterisk {...fieldProps('title')} />
      <TextInput label="Company" withAsterisk {...fieldProps('company')} />
      <TextInput label="Location" withAsterisk {...fieldProps('location')} />
      <Textarea label="Description" withAsterisk autosize minRows={3} {...fieldProps('description')} />
      <TextInput
        label="Apply Link"
        withAsterisk
        placeholder="e.g. careers.example.org/apply"
        {...fieldProps('applyLink')}
      />
    </FormDialog>
  );
}
