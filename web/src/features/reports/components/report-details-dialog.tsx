import { Alert, Box, Button, Center, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { type Report, revealSsnBody } from '@portal/contract';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api';
import { useReport, useRevealSsn } from '../api/use-reports';
import { displayValue, isField, NO_ANSWER, REPORT_SECTIONS, valueAt } from '../report-sections';
import { ReportImage } from './report-image';
import { formatMoment } from '../../../lib/dates';
import { reportsWords } from '../words';

const formatSsn = (ssn: string) => (ssn.length === 9 ? `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}` : ssn);

/**
 * ARCHITECTURE §5: the SSN stays masked until the admin gives a reason; the server audits the
 * reveal. The full number lives only in this component's state, gone when the dialog closes.
 */
function SsnCell({ report }: { report: Report }) {
  const { t } = useT(reportsWords);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ssn, setSsn] = useState<string | null>(null);
  const reveal = useRevealSsn();

  if (!report.ssn) return <>{NO_ANSWER}</>;
  if (ssn !== null) return <Text span>{formatSsn(ssn) || NO_ANSWER}</Text>;

  const submit = () => {
    const parsed = revealSsnBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('reports.details.giveReason'));
      return;
    }
    setError(null);
    reveal.mutate(
      { id: report._id, reason: parsed.data.reason },
      {
        onSuccess: (res) => setSsn(res.ssn),
        onError: (err) => setError(errorMessage(err, t('reports.details.revealFailed'))),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Text span>{report.ssn}</Text>
        {!asking && (
          <Button size="compact-sm" variant="light" onClick={() => setAsking(true)}>
            {t('reports.details.revealSsn')}
          </Button>
        )}
      </Group>
      {asking && (
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('reports.details.reason')}
            description={t('reports.details.reasonNote')}
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
            {t('reports.details.reveal')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function DetailsTable({ report }: { report: Report }) {
  const { t, intl } = useT(reportsWords);
  return (
    <Table striped withTableBorder aria-label={t('reports.details.table')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="40%">{t('reports.details.field')}</Table.Th>
          <Table.Th>{t('reports.details.details')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>{t('reports.details.submitted')}</Table.Td>
          <Table.Td>{formatMoment(report.createdAt)}</Table.Td>
        </Table.Tr>
        {REPORT_SECTIONS.map((section) => [
          <Table.Tr key={section.key}>
            <Table.Th colSpan={2} scope="colgroup">
              {t(section.key)}
            </Table.Th>
          </Table.Tr>,
          ...section.fields.filter(isField).map((field) => (
            <Table.Tr key={field.name}>
              <Table.Td>{t(field.label)}</Table.Td>
              <Table.Td>
                {field.name === 'ssn' ? (
                  <SsnCell report={report} />
                ) : (
                  <Text span style={{ whiteSpace: 'pre-wrap' }} dir="auto">
                    {displayValue(field, valueAt(report, field.name), t, intl)}
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
  const { t } = useT(reportsWords);
  const query = useReport(reportId);
  return (
    <Modal opened={reportId !== null} onClose={onClose} title={t('reports.details.title')} size="xl">
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('reports.details.loading')} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" title={t('reports.details.error')}>
          {errorMessage(query.error, t('reports.details.loadFailed'))}
        </Alert>
      ) : (
        <Stack>
          <ReportImage
            src={query.data.imageUrl}
            alt={
              query.data.clientName
                ? t('reports.details.imageOf', { name: query.data.clientName })
                : t('reports.details.imageOfClient')
            }
            h={260}
          />
          {query.data.videoUrl ? (
            <Box>
              <video
                src={query.data.videoUrl}
                controls
                preload="metadata"
                aria-label={t('reports.details.video')}
                style={{ width: '100%', maxHeight: 360, borderRadius: 8, background: '#000' }}
              />
            </Box>
          ) : (
            <Text c="dimmed" size="sm">
              {t('reports.details.noVideo')}
            </Text>
          )}
          <DetailsTable report={query.data} />
        </Stack>
      )}
    </Modal>
  );
}
