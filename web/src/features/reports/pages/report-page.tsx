import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { emptyReport, type ReportFields, type ReportFieldsInput, reportFields } from '@portal/contract';
import { useEffect, useState } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { ApiError } from '../../../lib/api';
import { deviceStoreAvailable } from '../../../lib/device-store';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth/store';
import { type UploadStage, useSubmitReport } from '../api/use-reports';
import { DeviceDrafts } from '../components/device-drafts';
import { OutboxStatus } from '../components/outbox-status';
import { useReportDrafts } from '../drafts/use-report-drafts';
// In this page's chunk, not loaded on submit: with no network, no chunk could be fetched then.
import { queueReport } from '../outbox/outbox-send';
import { useOutbox } from '../outbox/outbox-store';
import { MediaInput } from '../components/media-input';
import { ReportFieldInput } from '../components/report-field-input';
import { ReportSectionNav } from '../components/report-section-nav';
import { CONSENT_SECTION, isField, REPORT_SECTIONS } from '../report-sections';
import classes from './report-page.module.css';

const MEDIA_SECTION = 'report-section-media';

/** Issue 18: what the member reads when the report waits on the device for a connection. */
export const QUEUED_MESSAGE = 'Saved on this device — it will be sent when you are back online';

const STAGE_LABEL: Record<UploadStage, string> = { image: 'Uploading image', video: 'Uploading video' };

type UploadProgress = Partial<Record<UploadStage, { sent: number; total: number }>>;

const amount = (bytes: number) =>
  bytes < 1_000_000 ? `${(bytes / 1_000).toFixed(1)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;

/** Issue 18 part 5: "12.4 MB of 48.0 MB · 26 %" (whole percents, never 100 before the end). */
export const progressText = (sent: number, total: number) =>
  `${amount(sent)} of ${amount(total)} · ${total ? Math.floor((sent / total) * 100) : 100} %`;

/** 'Report a Homeless' (spec §2, §3): the intake form, with an optional image and video. */
export default function ReportPage() {
  const form = useForm<ReportFieldsInput, unknown, ReportFields>({
    resolver: zodResolver(reportFields),
    defaultValues: emptyReport(),
    mode: 'onTouched',
  });
  const [chosenImage, setImage] = useState<File | null>(null);
  const [chosenVideo, setVideo] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const submit = useSubmitReport();
  const userId = useAuth((s) => s.user?._id);
  const drafts = useReportDrafts(form, userId);
  const [queued, setQueued] = useState(false);
  // Only the answers this page acts on, each a click: watching all of `consent` re-rendered the
  // page on each keystroke in Witness Name.
  const [share, method, photoConsent, videoConsent] = useWatch({
    control: form.control,
    name: ['consent.shareWithHmis', 'consent.method', 'consent.photo', 'consent.video'],
  });
  const photoAllowed = photoConsent === 'Yes';
  const videoAllowed = videoConsent === 'Yes';

  // Issue 17: no media without the client's consent to it; withdrawing it drops the chosen file.
  const image = photoAllowed ? chosenImage : null;
  const video = videoAllowed ? chosenVideo : null;

  // Issue 17: the spec's 'ROI signed' is filled from the consent (as the contract does on submit).
  useEffect(() => {
    if (share === 'No') form.setValue('roSigned', 'No');
    if (share === 'Yes') form.setValue('roSigned', method === 'Signed' ? 'Yes' : 'No');
  }, [share, method, form]);

  const clearMedia = () => {
    setImage(null);
    setVideo(null);
  };

  /** Issue 18: no connection: the report, photo and video wait together, sealed, on the device. */
  const queue = async (values: ReportFields) => {
    if (!userId || !deviceStoreAvailable()) return false;
    await queueReport(userId, drafts.currentId, values, { image, video });
    await drafts.finish();
    clearMedia();
    setQueued(true);
    // Online but refused for now (409): the outbox tries again at once; offline, when back online.
    void useOutbox.getState().send(userId);
    return true;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setQueued(false);
    try {
      if (navigator.onLine === false && (await queue(values))) return;
      await submit.mutateAsync({
        userId: userId ?? '',
        key: drafts.currentId,
        values,
        image,
        video,
        onProgress: (stage, sent, total) => setProgress((shown) => ({ ...shown, [stage]: { sent, total } })),
      });
      // Only the server's confirmation makes it a success (issue 18); the draft goes with it.
      toast.success('Success', 'Form submitted successfully');
      await drafts.finish();
      clearMedia();
    } catch (err) {
      // Unreachable, or a copy of this submit still being processed (409): it waits on the device
      // and is sent again under the same key, so it is filed once.
      if (err instanceof ApiError && (err.status === 0 || err.status === 409) && (await queue(values))) return;
      // Nothing typed is lost; fields the server refused get its message.
      if (err instanceof ApiError) {
        for (const issue of err.issues ?? []) {
          if (issue.path) form.setError(issue.path as FieldPath<ReportFieldsInput>, { message: issue.message });
        }
      }
      // ARCHITECTURE §6: the spec's 'Unable to fetch certificates…' is a copy slip.
      toast.error('Error', 'Unable to submit the form. Please try again.');
    } finally {
      setProgress(null);
    }
  });

  const busy = form.formState.isSubmitting;
  const mediaCard = (
    <Card key="media" withBorder radius="md" padding="lg" component="section" aria-labelledby={MEDIA_SECTION}>
      <Title order={3} size="h4" mb="sm" id={MEDIA_SECTION} tabIndex={-1} className={classes.section}>
        Image and Video
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <MediaInput
          kind="image"
          label="Image"
          file={image}
          onChange={setImage}
          disabled={busy || !photoAllowed}
          description={photoAllowed ? undefined : 'Needs the client’s consent to photos'}
        />
        <MediaInput
          kind="video"
          label="Video"
          file={video}
          onChange={setVideo}
          disabled={busy || !videoAllowed}
          description={videoAllowed ? undefined : 'Needs the client’s consent to video'}
        />
      </SimpleGrid>
    </Card>
  );

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={2}>Report a Homeless</Title>
          <Text c="dimmed">(Complete this form for ALL adults)</Text>
          {/* Inside the heading block: empty, it takes no room. */}
          <Text size="sm" c="dimmed" role="status" aria-label="Draft">
            {drafts.saveState === 'saved'
              ? 'Draft saved on this device'
              : drafts.saveState === 'pending'
                ? 'Saving the draft…'
                : drafts.notice}
          </Text>
          {/* Issue 30 (F6): what the device keeps, and what protects it, in one sentence. */}
          {userId && deviceStoreAvailable() && (
            <Text size="xs" c="dimmed">
              Drafts and unsent reports on this device are encrypted and open only while you are signed in.
            </Text>
          )}
        </div>
        <OutboxStatus />
      </Group>
      {queued && (
        <Alert color="yellow" role="status" withCloseButton onClose={() => setQueued(false)} closeButtonLabel="Dismiss">
          {QUEUED_MESSAGE}
        </Alert>
      )}
      {drafts.problem && (
        <Alert color="red" role="alert" withCloseButton onClose={drafts.dismissProblem} closeButtonLabel="Dismiss">
          {drafts.problem}
        </Alert>
      )}
      <DeviceDrafts
        drafts={drafts.drafts}
        currentId={drafts.currentId}
        onOpen={(id) => void drafts.openDraft(id)}
        onDiscard={(id) => void drafts.discard(id)}
      />
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Report a Homeless" className={classes.layout}>
        <ReportSectionNav
          control={form.control}
          media={{ id: MEDIA_SECTION, title: 'Image and Video', answered: Number(!!image) + Number(!!video), total: 2 }}
          submit={
            <Button type="submit" loading={busy} size="md" fullWidth>
              Submit Form
            </Button>
          }
        />
        <Stack gap="lg" className={classes.sections}>
          {REPORT_SECTIONS.map((section, s) => [
            <Card
              key={section.title}
              withBorder
              radius="md"
              padding="lg"
              component="section"
              aria-labelledby={`report-section-${s}`}
            >
              <Title order={3} size="h4" mb="sm" id={`report-section-${s}`} tabIndex={-1} className={classes.section}>
                {section.title}
              </Title>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
                {section.fields.map((item) =>
                  isField(item) ? (
                    <ReportFieldInput key={item.name} field={item} control={form.control} />
                  ) : (
                    <Text key={item.heading} fw={600} size="sm" style={{ gridColumn: '1 / -1' }} mt="xs">
                      {item.heading}
                    </Text>
                  ),
                )}
              </SimpleGrid>
            </Card>,
            // Issue 17: the media follow the consent they depend on.
            section === CONSENT_SECTION && mediaCard,
          ])}

          {progress &&
            (['image', 'video'] as const).map((stage) => {
              const bytes = progress[stage];
              if (!bytes) return null;
              const percent = bytes.total ? Math.floor((bytes.sent / bytes.total) * 100) : 100;
              const text = progressText(bytes.sent, bytes.total);
              return (
                <Stack key={stage} gap={4} role="status">
                  <Text size="sm">
                    {STAGE_LABEL[stage]}… {text}
                  </Text>
                  <Progress.Root
                    role="progressbar"
                    aria-label={STAGE_LABEL[stage]}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={percent}
                    aria-valuetext={text}
                  >
                    <Progress.Section value={percent} withAria={false} animated={percent < 100} />
                  </Progress.Root>
                </Stack>
              );
            })}
        </Stack>
      </form>
    </Stack>
  );
}
