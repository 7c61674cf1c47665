import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  HMIS_EXPORT_MESSAGES,
  type HmisExportCheck,
  hmisExportBody,
  hmisExportCheckBody,
  MAX_HMIS_PERIOD_DAYS,
} from '@portal/contract';
import { IconFileZip, IconListCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import {
  type HmisCheckRequest,
  HmisExportRefusedError,
  useCheckHmisExport,
  useDownloadHmisExport,
} from '../api/use-hmis-export';
import { CheckResult, type ProblemReport } from '../components/check-result';
import { PastExports } from '../components/past-exports';
import { saveFile } from '../lib/save-file';
import { hmisExportWords } from '../words';

type Field = 'from' | 'to' | 'reason';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly string[] = ['from', 'to', 'reason'] satisfies Field[];

/** A calendar day as YYYY-MM-DD, in UTC: the server counts a report's day in UTC (contract). */
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** This month so far: its first day to today. */
function thisMonth(now = new Date()) {
  return { from: `${utcDay(now).slice(0, 8)}01`, to: utcDay(now) };
}

/** The issues of a refused body (zod's or the server's 400) as field errors, and those of no field. */
function splitIssues(issues: readonly { path: string | readonly PropertyKey[]; message: string }[]) {
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const issue of issues) {
    const key = String(typeof issue.path === 'string' ? issue.path.split('.')[0] : (issue.path[0] ?? ''));
    if (FIELDS.includes(key)) fields[key as Field] ??= issue.message;
    else other.push(issue.message);
  }
  return { fields, other };
}

/**
 * The contract's messages of this export, by key: the form checks the period and the reason with
 * the contract's schemas before any call, in English. (The server says its own in the reader's
 * language already; an English one is looked up here too, to the same words.)
 */
const ISSUE_KEY = {
  [HMIS_EXPORT_MESSAGES.period]: 'hmisExport.issue.period',
  [HMIS_EXPORT_MESSAGES.periodTooLong]: 'hmisExport.issue.periodTooLong',
  [HMIS_EXPORT_MESSAGES.reason]: 'hmisExport.issue.reason',
  [HMIS_EXPORT_MESSAGES.problems]: 'hmisExport.issue.problems',
  // A date box left empty (contract/src/schemas/hmis-export.ts).
  'Enter a valid date (YYYY-MM-DD)': 'hmisExport.issue.date',
} as const;

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Issue 17, part 3: /admin/hmis-export. The admin checks a period (counts per file of the HUD
 * HMIS CSV FY2026 zip, and every row that breaks its rules), may leave reports out, then downloads
 * the zip, giving a reason and confirming it is them (issue 19: the step-up dialog asks for the
 * second factor, or the password without one); each download is recorded and listed below.
 */
export default function HmisExportPage() {
  const { t } = useT(hmisExportWords);
  /** A message of the contract in the reader's language; any other (the server's) as it came. */
  const say = (message: string | null | undefined) => {
    if (!message) return message;
    const key = (ISSUE_KEY as Record<string, (typeof ISSUE_KEY)[keyof typeof ISSUE_KEY]>)[message];
    return key ? t(key, { days: MAX_HMIS_PERIOD_DAYS }) : message;
  };
  const ids = useId();
  const [period, setPeriod] = useState(thisMonth);
  const [excluded, setExcluded] = useState<ProblemReport[]>([]);
  const [result, setResult] = useState<{ check: HmisExportCheck; checked: HmisCheckRequest } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checkError, setCheckError] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const check = useCheckHmisExport();
  const download = useDownloadHmisExport();

  const excludedIds = excluded.map((r) => r.reportId);
  // The download is for exactly what was checked: the same period and exclusions, no problem left.
  const ready =
    !!result &&
    !check.isPending &&
    result.check.problems.length === 0 &&
    result.checked.from === period.from &&
    result.checked.to === period.to &&
    sameIds(result.checked.exclude, excludedIds);

  const setField = (field: Field, value: string) => {
    if (field === 'from' || field === 'to') {
      setPeriod((p) => ({ ...p, [field]: value }));
      // Exclusions belong to the reports of a checked period.
      setExcluded([]);
    }
    if (field === 'reason') setReason(value);
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const runCheck = (exclusions: ProblemReport[]) => {
    const parsed = hmisExportCheckBody.safeParse({ ...period, exclude: exclusions.map((r) => r.reportId) });
    setCheckError(null);
    if (!parsed.success) {
      const { fields, other } = splitIssues(parsed.error.issues);
      setErrors((e) => ({ ...e, from: fields.from, to: fields.to }));
      setCheckError(other[0] ?? null);
      return;
    }
    setErrors((e) => ({ ...e, from: undefined, to: undefined }));
    const body = parsed.data;
    check.mutate(body, {
      onSuccess: (answer) => {
        setResult({ check: answer, checked: body });
        setRefused(null);
      },
      onError: (err) => {
        const { fields, other } = splitIssues(err instanceof ApiError ? (err.issues ?? []) : []);
        setErrors((e) => ({ ...e, from: fields.from, to: fields.to }));
        if (!fields.from && !fields.to) setCheckError(other[0] ?? errorMessage(err, t('hmisExport.checkFailed')));
      },
    });
  };

  const toggleExcluded = (report: ProblemReport, exclude: boolean) => {
    const next = exclude
      ? [...excluded.filter((r) => r.reportId !== report.reportId), report]
      : excluded.filter((r) => r.reportId !== report.reportId);
    setExcluded(next);
    runCheck(next);
  };

  const submitDownload = (e: React.FormEvent) => {
    e.preventDefault();
    setDownloadError(null);
    const parsed = hmisExportBody.safeParse({ ...period, exclude: excludedIds, reason });
    if (!parsed.success) {
      const { fields, other } = splitIssues(parsed.error.issues);
      setErrors(fields);
      setDownloadError(other[0] ?? null);
      return;
    }
    setErrors({});
    const body = parsed.data;
    download.mutate(body, {
      onSuccess: ({ blob, fileName }) => {
        saveFile(blob, fileName);
        toast.success(t('hmisExport.downloaded.title'), t('hmisExport.downloaded.message', { fileName }));
      },
      onError: (err) => {
        if (err instanceof HmisExportRefusedError) {
          // The data changed since the check: show what the server found now.
          setResult({ check: err.check, checked: { from: body.from, to: body.to, exclude: body.exclude } });
          setRefused(err.message);
          return;
        }
        const { fields, other } = splitIssues(err instanceof ApiError ? (err.issues ?? []) : []);
        setErrors(fields);
        if (Object.keys(fields).length === 0 || other.length) {
          setDownloadError(other[0] ?? errorMessage(err, t('hmisExport.downloadFailed')));
        }
      },
    });
  };

  const headings = { period: `${ids}-period`, download: `${ids}-download`, past: `${ids}-past` };
  const hintId = `${ids}-download-hint`;

  return (
    <Stack gap="lg" maw={1100}>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headings.period}>
        <Stack>
          <Title order={2} size="h4" id={headings.period}>
            {t('hmisExport.check.title')}
          </Title>
          <Text size="sm">{t('hmisExport.check.intro')}</Text>
          <form
            noValidate
            aria-label={t('hmisExport.check.form')}
            onSubmit={(e) => {
              e.preventDefault();
              runCheck(excluded);
            }}
          >
            <Group align="flex-start">
              <TextInput
                label={t('hmisExport.from')}
                type="date"
                required
                value={period.from}
                error={say(errors.from)}
                onChange={(e) => setField('from', e.currentTarget.value)}
              />
              <TextInput
                label={t('hmisExport.to')}
                type="date"
                required
                value={period.to}
                error={say(errors.to)}
                onChange={(e) => setField('to', e.currentTarget.value)}
              />
              {/* Aligned with the inputs, below their labels. */}
              <Button
                type="submit"
                mt={25}
                loading={check.isPending}
                leftSection={<IconListCheck size={16} aria-hidden />}
              >
                {t('hmisExport.check.submit')}
              </Button>
            </Group>
          </form>
          {checkError && (
            <Alert color="red" title={t('common.error')} role="alert">
              {say(checkError)}
            </Alert>
          )}
          {result && (
            <CheckResult
              check={result.check}
              refused={say(refused) ?? null}
              excluded={excluded}
              busy={check.isPending || download.isPending}
              onExclude={toggleExcluded}
            />
          )}
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headings.download}>
        <form noValidate onSubmit={submitDownload} aria-labelledby={headings.download}>
          <Stack maw={560}>
            <Title order={2} size="h4" id={headings.download}>
              {t('hmisExport.download.title')}
            </Title>
            <TextInput
              label={t('hmisExport.reason')}
              description={t('hmisExport.reasonHint')}
              required
              maxLength={500}
              value={reason}
              error={say(errors.reason)}
              onChange={(e) => setField('reason', e.currentTarget.value)}
            />
            {downloadError && (
              <Alert color="red" title={t('common.error')} role="alert">
                {say(downloadError)}
              </Alert>
            )}
            <Group justify="space-between" align="center">
              <Text size="sm" c="dimmed" id={hintId}>
                {ready ? t('hmisExport.download.ready') : t('hmisExport.download.notReady')}
              </Text>
              <Button
                type="submit"
                disabled={!ready}
                loading={download.isPending}
                aria-describedby={hintId}
                leftSection={<IconFileZip size={16} aria-hidden />}
              >
                {t('hmisExport.download.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headings.past}>
        <Stack>
          <Title order={2} size="h4" id={headings.past}>
            {t('hmisExport.past.title')}
          </Title>
          <PastExports captionId={headings.past} />
        </Stack>
      </Card>
    </Stack>
  );
}
