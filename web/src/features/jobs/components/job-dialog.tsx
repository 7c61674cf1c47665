import { Textarea, TextInput } from '@mantine/core';
import { job as jobSchema, JOB_TOAST_MS, jobBody, type Job, type JobBody } from '@portal/contract';
import { useCallback, useMemo } from 'react';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api';
import type { MalformedToasts } from '../../../lib/contract-form';
import { FormDialog } from '../../../components/form-dialog';
import { useRecordForm } from '../../../lib/record-form';
import { toast } from '../../../lib/toast';
import { useSaveJob } from '../api/use-job-mutations';
import { jobsWords } from '../words';

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

interface JobDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The job to edit; null or absent: add mode. */
  job?: Job | null;
}

/** The admin's Add/Edit job dialog (spec §2, §4, §5). */
export function JobDialog({ opened, onClose, job }: JobDialogProps) {
  const { t } = useT(jobsWords);
  const editing = Boolean(job);
  const save = useSaveJob();
  /**
   * spec §5: a malformed link gets a toast rather than an inline error. The contract's one
   * message for it ('Please enter a valid apply link.') is said in the reader's language.
   */
  const malformed = useMemo<MalformedToasts<JobBody>>(
    () => ({
      applyLink: () => toast.error(t('jobs.form.invalidUrl'), t('jobs.form.invalidUrlMessage'), JOB_TOAST_MS),
    }),
    [t],
  );
  /** What the conflict alert shows of the job someone else saved: every field the dialog edits. */
  const conflictFields = useCallback(
    (job: Job) => [
      { label: t('jobs.form.title'), value: job.title },
      { label: t('jobs.form.company'), value: job.company },
      { label: t('jobs.form.location'), value: job.location },
      { label: t('jobs.form.description'), value: job.description },
      { label: t('jobs.form.applyLink'), value: job.applyLink },
    ],
    [t],
  );
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
    malformed,
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { id: base?._id, version: base?.version, values },
      {
        onSuccess: () => {
          if (editing) {
            toast.success(t('jobs.form.updated.title'), t('jobs.form.updated.message'), JOB_TOAST_MS);
          } else {
            toast.success(t('jobs.form.created.title'), t('jobs.form.created.message'), JOB_TOAST_MS);
          }
          close();
        },
        // ARCHITECTURE §6: failures are shown, with the server's message.
        onError: (err) => {
          if (showConflict(err)) return;
          toast.error(
            editing ? t('jobs.form.notUpdated') : t('jobs.form.notCreated'),
            errorMessage(err, t('jobs.form.saveFailed')),
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
      title={editing ? t('jobs.form.editTitle') : t('jobs.form.addTitle')}
      size="lg"
      onSubmit={onSubmit}
      pending={save.isPending}
      submitLabel={editing ? t('jobs.form.update') : t('jobs.form.add')}
    >
      {conflict && <EditConflictAlert record={t('jobs.form.conflictRecord')} {...conflict} />}
      {/* What an admin types is shown in its own direction. */}
      <TextInput label={t('jobs.form.title')} withAsterisk dir="auto" {...fieldProps('title')} />
      <TextInput label={t('jobs.form.company')} withAsterisk dir="auto" {...fieldProps('company')} />
      <TextInput label={t('jobs.form.location')} withAsterisk dir="auto" {...fieldProps('location')} />
      <Textarea
        label={t('jobs.form.description')}
        withAsterisk
        autosize
        minRows={3}
        dir="auto"
        {...fieldProps('description')}
      />
      <TextInput
        label={t('jobs.form.applyLink')}
        withAsterisk
        placeholder={t('jobs.form.applyLinkPlaceholder')}
        dir="auto"
        {...fieldProps('applyLink')}
      />
    </FormDialog>
  );
}
