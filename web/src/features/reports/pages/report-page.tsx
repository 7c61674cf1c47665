import { Alert, Anchor, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { emptyReport, type ReportFields, type ReportFieldsInput, reportFields } from '@portal/contract';
import { type KeyboardEvent, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { IntlShape } from 'react-intl';
import { type Control, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { ApiError } from '../../../lib/api';
import { deviceStoreAvailable } from '../../../lib/device-store';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth/store';
import { type UploadStage, useSubmitReport } from '../api/use-reports';
import { DeviceDrafts } from '../components/device-drafts';
import { MyReports } from '../components/my-reports';
import { OutboxStatus } from '../components/outbox-status';
import { useReportDrafts } from '../drafts/use-report-drafts';
// In this page's chunk, not loaded on submit: with no network, no chunk could be fetched then.
import { queueReport } from '../outbox/outbox-send';
import { useOutbox } from '../outbox/outbox-store';
import { MediaInput } from '../components/media-input';
import { ReportFieldInput } from '../components/report-field-input';
import { ReportSectionNav } from '../components/report-section-nav';
import { compressImage } from '../media/compress-image';
import {
  CONSENT_SECTION,
  displayValue,
  isAnswered,
  isField,
  isShown,
  REPORT_SECTIONS,
  type ReportSection,
  valueAt,
  withoutHidden,
} from '../report-sections';
import classes from './report-page.module.css';
import { formResolver } from '../../../lib/contract-form';
import type { ReportsKey } from '../messages/en';
import { reportsWords } from '../words';

const MEDIA_SECTION = 'report-section-media';
const REVIEW: Step = { id: 'report-review', title: 'reports.form.review' };

/** Issue 35: the form's steps, one section each, in the jump list's order, then the review; `title` is a message. */
type Step = { id: string; title: ReportsKey; section?: ReportSection };
const SECTION_STEPS: Step[] = REPORT_SECTIONS.flatMap((section, i) => {
  const step = { id: `report-section-${i}`, title: section.key, section };
  // Issue 17: the media follow the consent they depend on.
  return section === CONSENT_SECTION ? [step, { id: MEDIA_SECTION, title: 'reports.form.media' as const }] : [step];
});
const STEPS: Step[] = [...SECTION_STEPS, REVIEW];
const fieldsOf = (step: Step) => step.section?.fields.filter(isField) ?? [];

/**
 * Issue 35: Enter never files the report. In a one-line field it moves on to the next field of
 * the step (a textarea keeps its new line; a focused button still does what it says).
 */
function enterMovesOn(event: KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key !== 'Enter' || !(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
  event.preventDefault();
  const fields = [
    ...event.currentTarget.querySelectorAll<HTMLElement>(
      '[data-step] input:not([type=file]), [data-step] select, [data-step] textarea',
    ),
  ].filter((el) => !(el as HTMLInputElement).disabled && el.getAttribute('name') !== target.getAttribute('name'));
  const next = fields.find((el) => target.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  next?.focus();
}

const STAGE_LABEL: Record<UploadStage, ReportsKey> = {
  image: 'reports.form.uploadingImage',
  video: 'reports.form.uploadingVideo',
};
/** The same, with how far it is: "Uploading video… 12.4 MB of 48.0 MB · 26 %". */
const STAGE_PROGRESS: Record<UploadStage, ReportsKey> = {
  image: 'reports.form.uploadingImageProgress',
  video: 'reports.form.uploadingVideoProgress',
};

type UploadProgress = Partial<Record<UploadStage, { sent: number; total: number }>>;

/** A size in kB or MB, one decimal, as the screens' language writes it. */
const amount = (intl: IntlShape, bytes: number) =>
  intl.formatNumber(bytes < 1_000_000 ? bytes / 1_000 : bytes / 1_000_000, {
    style: 'unit',
    unit: bytes < 1_000_000 ? 'kilobyte' : 'megabyte',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });

/** Issue 18 part 5: "12.4 MB of 48.0 MB · 26 %" (whole percents, never 100 before the end). */
export const progressText = (
  t: (key: ReportsKey, values: Record<string, string>) => string,
  intl: IntlShape,
  sent: number,
  total: number,
) =>
  t('reports.form.uploadProgress', {
    sent: amount(intl, sent),
    total: amount(intl, total),
    percent: intl.formatNumber(total ? Math.floor((sent / total) * 100) : 100),
  });

/** The contract's rules of a report, through the web forms' one resolver. */
const validation = formResolver<ReportFieldsInput, ReportFields>(reportFields);

/** 'Report a Homeless' (spec §2, §3): the intake form, with an optional image and video. */
export default function ReportPage() {
  const { t, intl } = useT(reportsWords);
  // useForm itself, not useContractForm: the drafts' effects depend on the form object staying the same.
  const form = useForm<ReportFieldsInput, unknown, ReportFields>({
    resolver: validation.resolver,
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
    goTo(SECTION_STEPS[0]!.id);
    setQueued(true);
    // Online but refused for now (409): the outbox tries again at once; offline, when back online.
    void useOutbox.getState().send(userId);
    return true;
  };

  const [stepIndex, setStepIndex] = useState(0);
  const step = STEPS[stepIndex]!;
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // Stable, as the section navigator's props are (it is memoised).
  const goTo = useCallback((id: string) => {
    const index = STEPS.findIndex((s) => s.id === id);
    if (index < 0) return;
    moved.current = true;
    setStepIndex(index);
  }, []);
  // A new step starts at its heading, for the eye and for a screen reader (not on first load).
  useEffect(() => {
    if (!moved.current) return;
    stepHeading.current?.focus({ preventScroll: true });
    stepHeading.current?.scrollIntoView?.({ block: 'start' });
  }, [stepIndex]);

  /** After a refusal (the form's or the server's), the first step with a message opens. */
  const showFirstProblem = () => {
    const problem = SECTION_STEPS.find((s) =>
      fieldsOf(s).some((f) => form.getFieldState(f.name as FieldPath<ReportFieldsInput>).error),
    );
    if (problem) goTo(problem.id);
  };

  const onValid = async (values: ReportFields) => {
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
      toast.success(t('reports.form.success'), t('reports.form.submitted'));
      await drafts.finish();
      clearMedia();
      goTo(SECTION_STEPS[0]!.id);
    } catch (err) {
      // Unreachable, or a copy of this submit still being processed (409): it waits on the device
      // and is sent again under the same key, so it is filed once.
      if (err instanceof ApiError && (err.status === 0 || err.status === 409) && (await queue(values))) return;
      // Nothing typed is lost; fields the server refused get its message.
      if (err instanceof ApiError) {
        for (const issue of err.issues ?? []) {
          if (issue.path) form.setError(issue.path as FieldPath<ReportFieldsInput>, { message: issue.message });
        }
        showFirstProblem();
      }
      // ARCHITECTURE §6: the spec's 'Unable to fetch certificates…' is a copy slip.
      toast.error(t('reports.form.error'), t('reports.form.submitFailed'));
    } finally {
      setProgress(null);
    }
  };

  /** Issue 35: a question that does not apply is sent empty, whatever it held before. */
  const fileReport = () => {
    const { values, cleared } = withoutHidden(form.getValues(), emptyReport());
    for (const name of cleared) {
      const path = name as FieldPath<ReportFieldsInput>;
      form.setValue(path, valueAt(values, name) as never);
      form.clearErrors(path);
    }
    void form.handleSubmit(onValid, showFirstProblem)();
  };

  const busy = form.formState.isSubmitting;
  const mediaCard = (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <MediaInput
        kind="image"
        label={t('reports.form.image')}
        file={image}
        // Issue 35: a phone's photo is made smaller before it is kept or sent.
        onChange={(file) => (file ? void compressImage(file).then(setImage) : setImage(null))}
        disabled={busy || !photoAllowed}
        description={photoAllowed ? undefined : t('reports.form.needsPhotoConsent')}
      />
      <MediaInput
        kind="video"
        label={t('reports.form.video')}
        file={video}
        onChange={setVideo}
        disabled={busy || !videoAllowed}
        description={videoAllowed ? undefined : t('reports.form.needsVideoConsent')}
      />
    </SimpleGrid>
  );
  const mediaAnswered = Number(!!image) + Number(!!video);
  const mediaTitle = t('reports.form.media');
  const media = useMemo(
    () => ({ id: MEDIA_SECTION, title: mediaTitle, answered: mediaAnswered, total: 2 }),
    [mediaAnswered, mediaTitle],
  );
  const reviewTitle = t(REVIEW.title);
  const review = useMemo(() => ({ id: REVIEW.id, title: reviewTitle }), [reviewTitle]);
  const sectionNumber = SECTION_STEPS.indexOf(step) + 1;
  const last = step === REVIEW;

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={2}>{t('reports.form.title')}</Title>
          <Text c="dimmed">{t('reports.form.subtitle')}</Text>
          {/* Its line is kept even while empty: the first save must not move the form under a finger. */}
          <Text size="sm" c="dimmed" role="status" aria-label={t('reports.form.draft')} style={{ minBlockSize: '1lh' }}>
            {drafts.saveState === 'saved'
              ? t('reports.form.draftSaved')
              : drafts.saveState === 'pending'
                ? t('reports.form.draftSaving')
                : drafts.notice && t(drafts.notice)}
          </Text>
          {/* Issue 30 (F6): what the device keeps, and what protects it, in one sentence. */}
          {userId && deviceStoreAvailable() && (
            <Text size="xs" c="dimmed">
              {t('reports.form.encrypted')}
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="wrap">
          <OutboxStatus />
          <MyReports />
        </Group>
      </Group>
      {queued && (
        <Alert
          color="yellow"
          role="status"
          withCloseButton
          onClose={() => setQueued(false)}
          closeButtonLabel={t('reports.form.dismiss')}
        >
          {t('reports.form.queued')}
        </Alert>
      )}
      {drafts.problem && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={drafts.dismissProblem}
          closeButtonLabel={t('reports.form.dismiss')}
        >
          {t(drafts.problem)}
        </Alert>
      )}
      {/* Issue 35: Enter never files the report; only the review's button does. */}
      <form
        onSubmit={(e) => e.preventDefault()}
        onKeyDown={enterMovesOn}
        noValidate
        aria-label={t('reports.form.title')}
        className={classes.layout}
      >
        <ReportSectionNav control={form.control} media={media} current={step.id} onJump={goTo} review={review} />
        <Stack gap="md" className={classes.sections}>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={step.id} data-step={step.id}>
            <Text size="sm" c="dimmed" id="report-step-position">
              {last
                ? t('reports.form.reviewAll', { count: SECTION_STEPS.length })
                : t('reports.form.sectionOf', { number: sectionNumber, total: SECTION_STEPS.length })}
            </Text>
            {/* The progressbar role is the section's: its name and value text go there (axe aria-allowed-attr). */}
            <Progress.Root size="xs" my="xs">
              <Progress.Section
                value={((stepIndex + 1) / STEPS.length) * 100}
                aria-label={t('reports.form.progress')}
                aria-valuetext={
                  last
                    ? t('reports.form.review')
                    : t('reports.form.sectionOf', { number: sectionNumber, total: SECTION_STEPS.length })
                }
              />
            </Progress.Root>
            <Title order={3} size="h4" mb="sm" id={step.id} tabIndex={-1} ref={stepHeading} className={classes.section}>
              {t(step.title)}
            </Title>
            {step.section ? (
              <SectionFields section={step.section} control={form.control} />
            ) : step.id === MEDIA_SECTION ? (
              mediaCard
            ) : (
              <ReviewAnswers control={form.control} image={image} video={video} onEdit={goTo} />
            )}
          </Card>

          {progress &&
            (['image', 'video'] as const).map((stage) => {
              const bytes = progress[stage];
              if (!bytes) return null;
              const percent = bytes.total ? Math.floor((bytes.sent / bytes.total) * 100) : 100;
              const text = progressText(t, intl, bytes.sent, bytes.total);
              return (
                <Stack key={stage} gap={4} role="status">
                  <Text size="sm">{t(STAGE_PROGRESS[stage], { progress: text })}</Text>
                  <Progress.Root
                    role="progressbar"
                    aria-label={t(STAGE_LABEL[stage])}
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

          {/* Issue 35: on a phone, a bar that stays at the bottom of the screen. */}
          <Group className={classes.actions} justify="space-between" wrap="nowrap" gap="sm">
            <Button
              type="button"
              variant="default"
              size="md"
              disabled={stepIndex === 0 || busy}
              onClick={() => goTo(STEPS[stepIndex - 1]!.id)}
            >
              {t('reports.form.back')}
            </Button>
            {last ? (
              <Button type="button" size="md" loading={busy} onClick={fileReport}>
                {t('reports.form.submit')}
              </Button>
            ) : (
              <Button type="button" size="md" onClick={() => goTo(STEPS[stepIndex + 1]!.id)}>
                {t('reports.form.next')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      {/* Below the form: the list appears with the first save (and, after a restart, once the
          device unlocks), and nothing above the member's next tap may move when it does. */}
      <DeviceDrafts
        drafts={drafts.drafts}
        currentId={drafts.currentId}
        onOpen={(id) => void drafts.openDraft(id)}
        onDiscard={(id) => void drafts.discard(id)}
      />
    </Stack>
  );
}

/**
 * One step's questions: those that apply to the answers so far (showIf). Memoised: it follows the
 * answers itself (useWatch), and the page's own state (the draft's saving, the outbox) changes
 * nothing here.
 */
const SectionFields = memo(function SectionFields({
  section,
  control,
}: {
  section: ReportSection;
  control: Control<ReportFieldsInput>;
}) {
  const { t } = useT(reportsWords);
  const values = useWatch({ control });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
      {section.fields
        .filter((item) => isShown(item, values))
        .map((item) =>
          isField(item) ? (
            <ReportFieldInput key={item.name} field={item} control={control} />
          ) : (
            <Text key={item.heading} fw={600} size="sm" style={{ gridColumn: '1 / -1' }} mt="xs">
              {t(item.heading)}
            </Text>
          ),
        )}
    </SimpleGrid>
  );
});

/** Issue 35: the answers given, section by section, each section with a way back to it. */
function ReviewAnswers({
  control,
  image,
  video,
  onEdit,
}: {
  control: Control<ReportFieldsInput>;
  image: File | null;
  video: File | null;
  onEdit: (id: string) => void;
}) {
  const { t, intl } = useT(reportsWords);
  const values = useWatch({ control });
  return (
    <Stack gap="md">
      {SECTION_STEPS.map((step) => {
        // [the question, the answer]: a typed answer or a file's name as written, the others translated.
        const rows: [string, string][] = step.section
          ? fieldsOf(step)
              .filter((f) => isShown(f, values) && isAnswered(f, valueAt(values, f.name)))
              .map((f) => [t(f.label), displayValue(f, valueAt(values, f.name), t, intl)])
          : [
              ...(image ? [[t('reports.form.image'), image.name] as [string, string]] : []),
              ...(video ? [[t('reports.form.video'), video.name] as [string, string]] : []),
            ];
        const title = t(step.title);
        return (
          <section key={step.id} aria-labelledby={`${step.id}-review`} className={classes.review}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Title order={4} size="h5" id={`${step.id}-review`}>
                {title}
              </Title>
              <Anchor
                component="button"
                type="button"
                className={classes.edit}
                aria-label={t('reports.form.editSection', { section: title })}
                onClick={() => onEdit(step.id)}
              >
                {t('reports.form.edit')}
              </Anchor>
            </Group>
            {rows.length ? (
              <dl className={classes.answers}>
                {rows.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd dir="auto">{value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <Text size="sm" c="dimmed">
                {t('reports.form.noAnswers')}
              </Text>
            )}
          </section>
        );
      })}
    </Stack>
  );
}
