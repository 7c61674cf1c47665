import { Alert, Box, Checkbox, Stack, Table, Text, Title } from '@mantine/core';
import type { HmisExportCheck, HmisExportProblem } from '@portal/contract';
import type { ReactNode } from 'react';

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
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={700} size="xl">
        {value}
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
      ? `Exclude ${report.clientName} (report ${report.reportId.slice(0, 8)})`
      : `Exclude ${report.clientName}`;
  const total = Object.values(check.counts).reduce((sum, n) => sum + n, 0);

  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        Check result: {check.from} to {check.to}
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
        <Stat label="Reports to export" value={check.reports} />
        <Stat label="Reports without consent (never exported)" value={check.withoutConsent} />
        <Stat label="Excluded" value={check.excluded} />
      </Box>

      <Table.ScrollContainer minWidth={320}>
        <Table striped withTableBorder captionSide="top" maw={480}>
          <Caption>Rows per file</Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">File</Table.Th>
              <Table.Th scope="col">Rows</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {Object.entries(check.counts).map(([file, rows]) => (
              <Table.Tr key={file}>
                <Table.Th scope="row" fw={400}>
                  {file}
                </Table.Th>
                <Table.Td>{rows}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td fw={700}>{total}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>

      {refused && (
        <Alert color="red" title="Export refused" role="alert">
          {refused}
        </Alert>
      )}
      {remaining > 0 && !refused && (
        <Alert color="yellow" title="Problems found">
          {remaining === 1 ? 'One report breaks' : `${remaining} reports break`} the HMIS CSV rules. Fix them in All
          Reports, or exclude them from this export.
        </Alert>
      )}
      {remaining === 0 && <Text c="green.9">No problems left: the period can be exported.</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table withTableBorder withColumnBorders captionSide="top">
            <Caption>Problems</Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Exclude</Table.Th>
                <Table.Th scope="col">Client</Table.Th>
                <Table.Th scope="col">File</Table.Th>
                <Table.Th scope="col">Column</Table.Th>
                <Table.Th scope="col">Message</Table.Th>
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
                          {report.clientName}
                          {isExcluded && (
                            <Text size="xs" c="dimmed">
                              Excluded from this export
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
