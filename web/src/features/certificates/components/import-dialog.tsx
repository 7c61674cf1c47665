import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { type CertificateImportResult, MAX_IMPORT_BYTES } from '@portal/contract';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useImportCertificates } from '../api/use-manage-certificates';
import type { ImportPreview } from '../utils/import-preview';
import { useT } from '../../../i18n/use-t';
import { certificatesWords, type CertificatesT } from '../words';

/** Problems listed on screen; all of them are in the CSV download. */
const SHOWN_PROBLEMS = 50;

const summary = (t: CertificatesT, r: CertificateImportResult, dryRun: boolean) =>
  t(dryRun ? 'certificates.import.checkedSummary' : 'certificates.import.importedSummary', {
    rows: r.rows,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    problems: r.errors.length,
  });

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Issue 16: import certificates from a CSV or XLSX file in three steps: a preview of its first
 * rows and how its columns map (read in the browser), a check (the server's dry run) with every
 * problem, then the import, with the upload's progress.
 */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, intl } = useT(certificatesWords);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | undefined | 'unreadable'>();
  const [checked, setChecked] = useState<CertificateImportResult | null>(null);
  const [imported, setImported] = useState<CertificateImportResult | null>(null);
  const [progress, setProgress] = useState(0);
  const run = useImportCertificates();

  const reset = () => {
    setFile(null);
    setPreview(undefined);
    setChecked(null);
    setImported(null);
    setProgress(0);
    run.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const choose = (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (!chosen) return;
    // The parsers load with the first file chosen, in a chunk of their own.
    import('../utils/import-preview')
      .then(({ previewImport }) => previewImport(chosen))
      .then(setPreview, () => setPreview('unreadable'));
  };

  const send = (dryRun: boolean) => {
    if (!file) return;
    setProgress(0);
    run.mutate(
      { file, dryRun, onProgress: setProgress },
      {
        onSuccess: (result) => {
          // The dialog shows the outcome (a toast would cover its buttons).
          if (dryRun) setChecked(result);
          else setImported(result);
        },
      },
    );
  };

  const result = imported ?? checked;
  const tooLarge = file !== null && file.size > MAX_IMPORT_BYTES;
  const missing = preview && preview !== 'unreadable' ? preview.mapping.missing : [];

  return (
    <Modal opened={opened} onClose={close} title={t('certificates.import.title')} size="xl">
      <Stack>
        <Text size="sm">{t('certificates.import.intro')}</Text>
        <FileInput
          label={t('certificates.import.file')}
          placeholder={t('certificates.import.choose')}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={choose}
          clearable
          // WCAG 4.1.2: the clear button is an icon; axe (e2e/tests/accessibility.spec.ts) asks for its name.
          clearButtonProps={{ 'aria-label': t('certificates.import.clear') }}
        />
        {tooLarge ? (
          <Alert color="red" title={t('certificates.import.tooLarge')}>
            {t('certificates.import.tooLargeText', { size: MAX_IMPORT_BYTES / 1024 / 1024 })}
          </Alert>
        ) : null}
        {preview === 'unreadable' ? (
          <Alert color="yellow" title={t('certificates.import.noPreview')}>
            {t('certificates.import.noPreviewText')}
          </Alert>
        ) : null}
        {preview && preview !== 'unreadable' ? (
          <Stack gap="xs">
            <Text fw={600}>{t('certificates.import.preview')}</Text>
            <Table.ScrollContainer minWidth={500}>
              <Table withTableBorder striped aria-label={t('certificates.import.previewTable')}>
                <Table.Thead>
                  <Table.Tr>
                    {preview.header.map((cell, i) => (
                      <Table.Th key={i} dir="auto">
                        {cell}
                        <Text size="xs" c={preview.mapping.columns[i] ? 'dimmed' : 'red.8'}>
                          {preview.mapping.columns[i]
                            ? t('certificates.import.mapsTo', { column: preview.mapping.columns[i] })
                            : t('certificates.import.ignored')}
                        </Text>
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((row, r) => (
                    <Table.Tr key={r}>
                      {preview.header.map((_, i) => (
                        <Table.Td key={i} dir="auto">
                          {row[i] ?? ''}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {missing.length ? (
              <Alert color="red" title={t('certificates.import.missing')}>
                {t('certificates.import.missingText', { columns: intl.formatList(missing, { type: 'unit' }) })}
              </Alert>
            ) : null}
          </Stack>
        ) : null}

        {run.isPending ? (
          <Progress
            value={progress * 100}
            aria-label={t('certificates.import.uploadProgress')}
            animated={progress >= 1}
          />
        ) : null}
        {run.isError ? (
          <Alert color="red" title={t('common.error')}>
            {errorMessage(run.error, t('certificates.import.failed'))}
          </Alert>
        ) : null}

        {result ? (
          <Stack gap="xs">
            <Alert
              color={result.errors.length ? 'yellow' : 'green'}
              title={imported ? t('certificates.import.imported') : t('certificates.import.checked')}
            >
              {summary(t, result, !imported)}
              {!imported && result.errors.length ? <> {t('certificates.import.leftOut')}</> : null}
            </Alert>
            {result.errors.length ? (
              <>
                <Group justify="space-between">
                  <Text fw={600}>{t('certificates.import.problems')}</Text>
                  <Button
                    variant="light"
                    size="xs"
                    onClick={() => download('import-problems.csv', problemsCsvOf(result.errors))}
                  >
                    {t('certificates.import.downloadProblems')}
                  </Button>
                </Group>
                <Table.ScrollContainer minWidth={400}>
                  <Table withTableBorder aria-label={t('certificates.import.problems')}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('certificates.import.row')}</Table.Th>
                        <Table.Th>{t('certificates.import.column')}</Table.Th>
                        <Table.Th>{t('certificates.import.problem')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.errors.slice(0, SHOWN_PROBLEMS).map((e, i) => (
                        <Table.Tr key={i}>
                          <Table.Td>{e.row}</Table.Td>
                          <Table.Td>{e.column}</Table.Td>
                          <Table.Td dir="auto">{e.message}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {result.errors.length > SHOWN_PROBLEMS ? (
                  <Text size="sm">
                    {t('certificates.import.more', { count: result.errors.length - SHOWN_PROBLEMS })}
                  </Text>
                ) : null}
              </>
            ) : null}
          </Stack>
        ) : null}

        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {imported ? t('certificates.import.done') : t('certificates.cancel')}
          </Button>
          {!imported ? (
            <>
              <Button
                variant="light"
                disabled={!file || tooLarge || missing.length > 0}
                loading={run.isPending && !checked}
                onClick={() => send(true)}
              >
                {t('certificates.import.check')}
              </Button>
              <Button
                leftSection={<IconFileImport size={16} aria-hidden />}
                disabled={!checked || checked.created + checked.updated === 0}
                loading={run.isPending && !!checked}
                onClick={() => send(false)}
              >
                {t('certificates.import.import')}
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

/** The problems as CSV (RFC 4180 quoting; a cell that starts like a formula stays text, as in the exports). */
function problemsCsvOf(errors: CertificateImportResult['errors']) {
  const quote = (value: string | number) => {
    const text = String(value);
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return ['row,column,message', ...errors.map((e) => [e.row, e.column, e.message].map(quote).join(','))].join('\r\n');
}
