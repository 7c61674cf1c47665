import { Alert, Box, Button, Center, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { type Report, revealSsnBody } from '@portal/contract';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useReport, useRevealSsn } from '../api/use-reports';
import { displayValue, isField, REPORT_SECTIONS, valueAt } from '../report-sections';
import { ReportImage } from './report-image';
import { formatMoment } from '../../../lib/dates';

const formatSsn = (ssn: string) => (ssn.length === 9 ? `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}` : ssn);

/**
 * ARCHITECTURE §5: the SSN stays masked until the admin gives a reason; the server audits the
 * reveal. The full number lives only in this component's state, gone when the dialog closes.
 */
function SsnCell({ report }: { report: Report }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ssn, setSsn] = useState<string | null>(null);
  const reveal = useRevealSsn();

  if (!report.ssn) return <>—</>;
  if (ssn !== null) return <Text span>{formatSsn(ssn) || '—'}</Text>;

  const submit = () => {
    const parsed = revealSsnBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give a reason');
      return;
    }
    setError(null);
    reveal.mutate(
      { id: report._id, reason: parsed.data.reason },
      {
        onSuccess: (res) => setSsn(res.ssn),
        onError: (err) => setError(errorMessage(err, 'The SSN could not be revealed. Please try again.')),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Text span>{report.ssn}</Text>
        {!asking && (
          <Button size="compact-sm" variant="light" onClick={() => setAsking(true)}>
            Reveal SSN
          </Button>
        )}
      </Group>
      {asking && (
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Reason for revealing the SSN"
            description="Recorded in the audit log"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') submit();
            }}
            error={error}
            maxLength={500}
            style={{ flex: 1 }}
          />
          <Button size="sm" onClick={submit} loading={reveal.isPending}>
            Reveal
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function DetailsTable({ report }: { report: Report }) {
  return (
    <Table striped withTableBorder aria-label="Report fields">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="40%">Field</Table.Th>
          <Table.Th>Details</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>Submitted</Table.Td>
          <Table.Td>{formatMoment(report.createdAt)}</Table.Td>
        </Table.Tr>
        {REPORT_SECTIONS.map((section) => [
          <Table.Tr key={section.title}>
            <Table.Th colSpan={2} scope="colgroup">
              {section.title}
            </Table.Th>
          </Table.Tr>,
          ...section.fields.filter(isField).map((field) => (
            <Table.Tr key={field.name}>
              <Table.Td>{field.label}</Table.Td>
              <Table.Td>
                {field.name === 'ssn' ? (
                  <SsnCell report={report} />
                ) : (
                  <Text span style={{ whiteSpace: 'pre-wrap' }}>
                    {displayValue(field, valueAt(report, field.name))}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          )),
        ])}
      </Table.Tbody>
    </Table>
  );
}

/** spec §2: 'Report Details' with the image, the video and a Field/Details table. */
export function ReportDetailsDialog({ reportId, onClose }: { reportId: string | null; onClose: () => void }) {
  const query = useReport(reportId);
  return (
    <Modal opened={reportId !== null} onClose={onClose} title="Report Details" size="xl">
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading report" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" title="Error">
          {errorMessage(query.error, 'Unable to load the report. Please try again.')}
        </Alert>
      ) : (
        <Stack>
          <ReportImage src={query.data.imageUrl} alt={`Image of ${query.data.clientName || 'the client'}`} h={260} />
          {query.data.videoUrl ? (
            <Box>
              <video
                src={query.data.videoUrl}
                controls
                preload="metadata"
                aria-label="Report video"
                style={{ width: '100%', maxHeight: 360, borderRadius: 8, background: '#000' }}
              />
            </Box>
          ) : (
            <Text c="dimmed" size="sm">
              No video
            </Text>
          )}
          <DetailsTable report={query.data} />
        </Stack>
      )}
    </Modal>
  );
}
