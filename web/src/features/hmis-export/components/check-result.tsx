import { Alert, Box, Checkbox, Stack, Table, Text, Title } from '@mantine/core';
import type { HmisExportCheck, HmisExportProblem } from '@portal/contract';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import { hmisExportWords } from '../words';

/**
 * A report with problems: its client's name and its problems as last checked. Excluded reports are
 * kept with the problems they had, since a check without them no longer names them.
 */
export interface ProblemReport {
  reportId: string;
  clientName: string;
  problems: HmisExportProblem[];
}

/** The problems of each report, in the order the server sent them. */
export function byReport(problems: HmisExportProblem[]): ProblemReport[] {
  const reports = new Map<string, ProblemReport>();
  for (const problem of problems) {
    const report = reports.get(problem.reportId);
    if (report) report.problems.push(problem);
    else reports.set(problem.reportId, { ...problem, problems: [problem] });
  }
  return [...reports.values()].map(({ reportId, clientName, problems }) => ({ reportId, clientName, problems }));
}

/** A table's name, read first, as the heading of what follows. */
const Caption = ({ children }: { children: ReactNode }) => (
  <Table.Caption ta="start" fw={600} c="var(--mantine-color-text)" mt={0} mb="xs">
    {children}
  </Table.Caption>
);

function Stat({ label, value }: { label: string; value: number }) {
  const { intl } = useT(hmisExportWords);
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={700} size="xl">
        {intl.formatNumber(value)}
      </Text>
    </div>
  );
}

/**
 * What a check found: how many reports go out, the rows per file, and each row that breaks the
 * HMIS CSV rules, with a box to leave its report out. Excluded reports stay listed, ticked, so
 * that they can be put back.
 */
export function CheckResult({
  check,
  refused,
  excluded,
  busy,
  onExclude,
}: {
  check: HmisExportCheck;
  /** The server's message when it refused a download for these problems (422). */
  refused: string | null;
  excluded: ProblemReport[];
  busy: boolean;
  onExclude: (report: ProblemReport, exclude: boolean) => void;
}) {
  const { t, intl } = useT(hmisExportWords);
  const excludedIds = new Set(excluded.map((r) => r.reportId));
  // The reports still in the export, then the excluded ones (unticked, they go back in the export).
  const found = byReport(check.problems).filter((r) => !excludedIds.has(r.reportId));
  const remaining = found.length;
  const rows = [
    ...found.map((report) => ({ report, isExcluded: false })),
    ...excluded.map((report) => ({ report, isExcluded: true })),
  ];
  const names = rows.map((r) => r.report.clientName);
  const label = (report: ProblemReport) =>
    names.filter((n) => n === report.clientName).length > 1
      ? t('hmisExport.problems.excludeReport', { name: report.clientName, id: report.reportId.slice(0, 8) })
      : t('hmisExport.problems.excludeClient', { name: report.clientName });
  const total = Object.values(check.counts).reduce((sum, n) => sum + n, 0);

  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        {t('hmisExport.result.title', { from: check.from, to: check.to })}
      </Title>
      <Box
        component="dl"
        m={0}
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
          gap: 'var(--mantine-spacing-md)',
        }}
      >
        <Stat label={t('hmisExport.stat.toExport')} value={check.reports} />
        <Stat label={t('hmisExport.stat.withoutConsent')} value={check.withoutConsent} />
        <Stat label={t('hmisExport.stat.excluded')} value={check.excluded} />
      </Box>

      <Table.ScrollContainer minWidth={320}>
        <Table striped withTableBorder captionSide="top" maw={480}>
          <Caption>{t('hmisExport.rows.caption')}</Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('hmisExport.rows.file')}</Table.Th>
              <Table.Th scope="col">{t('hmisExport.rows.rows')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Object.entries(check.counts).map(([file, rows]) => (
              <Table.Tr key={file}>
                <Table.Th scope="row" fw={400}>
                  {file}
                </Table.Th>
                <Table.Td>{intl.formatNumber(rows)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">{t('hmisExport.rows.total')}</Table.Th>
              <Table.Td fw={700}>{intl.formatNumber(total)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>

      {refused && (
        <Alert color="red" title={t('hmisExport.refused')} role="alert">
          {refused}
        </Alert>
      )}
      {remaining > 0 && !refused && (
        <Alert color="yellow" title={t('hmisExport.problems.title')}>
          {t('hmisExport.problems.text', { count: remaining })}
        </Alert>
      )}
      {remaining === 0 && <Text c="green.9">{t('hmisExport.noProblems')}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder withColumnBorders captionSide="top">
            <Caption>{t('hmisExport.problems.caption')}</Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('hmisExport.problems.exclude')}</Table.Th>
                <Table.Th scope="col">{t('hmisExport.problems.client')}</Table.Th>
                <Table.Th scope="col">{t('hmisExport.problems.file')}</Table.Th>
                <Table.Th scope="col">{t('hmisExport.problems.column')}</Table.Th>
                <Table.Th scope="col">{t('hmisExport.problems.message')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.flatMap(({ report, isExcluded }) =>
                report.problems.map((problem, i): ReactNode => (
                  <Table.Tr key={`${report.reportId}-${i}`} c={isExcluded ? 'dimmed' : undefined}>
                    {i === 0 && (
                      <>
                        <Table.Td rowSpan={report.problems.length}>
                          <Checkbox
                            aria-label={label(report)}
                            checked={isExcluded}
                            disabled={busy}
                            onChange={(e) => onExclude(report, e.currentTarget.checked)}
                          />
                        </Table.Td>
                        <Table.Td rowSpan={report.problems.length}>
                          <bdi>{report.clientName}</bdi>
                          {isExcluded && (
                            <Text size="xs" c="dimmed">
                              {t('hmisExport.problems.excluded')}
                            </Text>
                          )}
                        </Table.Td>
                      </>
                    )}
                    <Table.Td>{problem.file}</Table.Td>
                    <Table.Td>{problem.column}</Table.Td>
                    <Table.Td>{problem.message}</Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
