import { Table } from '@mantine/core';
import { ListBody } from '../../../components/paged-list';
import { NO_VALUE, useT } from '../../../i18n/use-t';
import { useHmisExportHistory } from '../api/use-hmis-export';
import { formatMoment } from '../../../lib/dates';
import { hmisExportWords } from '../words';

/** Past exports, from the audit log: who, when, why, which period, how many rows. */
export function PastExports({ captionId }: { captionId: string }) {
  const { t, intl } = useT(hmisExportWords);
  const history = useHmisExportHistory();
  return (
    <ListBody
      query={history}
      loading={t('hmisExport.past.loading')}
      error={t('hmisExport.past.loadFailed')}
      empty={{ title: t('hmisExport.past.emptyTitle'), description: t('hmisExport.past.emptyText') }}
    >
      {({ items }) => (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-labelledby={captionId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('hmisExport.past.who')}</Table.Th>
                <Table.Th scope="col">{t('hmisExport.past.when')}</Table.Th>
                <Table.Th scope="col">{t('hmisExport.past.why')}</Table.Th>
                <Table.Th scope="col">{t('hmisExport.past.period')}</Table.Th>
                <Table.Th scope="col">{t('hmisExport.past.totalRows')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item._id}>
                  <Table.Td dir="auto">{item.actorEmail ?? NO_VALUE}</Table.Td>
                  <Table.Td>
                    <time dateTime={item.createdAt}>{formatMoment(item.createdAt)}</time>
                  </Table.Td>
                  <Table.Td dir="auto">{item.reason}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {t('hmisExport.past.range', { from: item.from, to: item.to })}
                  </Table.Td>
                  <Table.Td>{intl.formatNumber(Object.values(item.counts).reduce((sum, n) => sum + n, 0))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ListBody>
  );
}
