import { Table } from '@mantine/core';
import { ListBody } from '../../../components/paged-list';
import { useHmisExportHistory } from '../api/use-hmis-export';
import { formatMoment } from '../../../lib/dates';

/** Past exports, from the audit log: who, when, why, which period, how many rows. */
export function PastExports({ captionId }: { captionId: string }) {
  const history = useHmisExportHistory();
  return (
    <ListBody
      query={history}
      loading="Loading past exports"
      error="Unable to fetch past exports. Please try again."
      empty={{ title: 'No exports yet.', description: 'Every download of the HMIS CSV zip is listed here.' }}
    >
      {({ items }) => (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-labelledby={captionId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Who</Table.Th>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Why</Table.Th>
                <Table.Th scope="col">Period</Table.Th>
                <Table.Th scope="col">Total rows</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item._id}>
                  <Table.Td>{item.actorEmail ?? '—'}</Table.Td>
                  <Table.Td>
                    <time dateTime={item.createdAt}>{formatMoment(item.createdAt)}</time>
                  </Table.Td>
                  <Table.Td>{item.reason}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {item.from} to {item.to}
                  </Table.Td>
                  <Table.Td>{Object.values(item.counts).reduce((sum, n) => sum + n, 0)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ListBody>
  );
}
