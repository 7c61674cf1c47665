import { Button, Group, Pagination, Table, Text, UnstyledButton } from '@mantine/core';
import type { Certificate } from '@portal/contract';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { certificateFileUrl } from '../api/use-certificate-status';
import { formatCalendarDay } from '../utils/calendar-day';
import { nextSort, pageCount, pageOf, sortCertificates, type Sort, type SortKey } from '../utils/my-certificates';
import { CertificateStatusBadge } from './certificate-status';

function SortableHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: SortKey;
  sort: Sort | null;
  onSort: (column: SortKey) => void;
}) {
  const order = sort?.key === column ? sort.order : null;
  const Icon = order === 'asc' ? IconArrowUp : order === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** Issue 13: what a certificate without an uploaded document says. */
export const NO_DOCUMENT_YET = 'No document yet — your board will add it';

/** The holder's certificates (spec §2), sortable, 11 rows a page (ARCHITECTURE §6). */
export function MyCertificatesTable({
  certificates,
  onView,
  onShare,
}: {
  certificates: Certificate[];
  onView: (certificate: Certificate) => void;
  /** Issue 11: the verification link, QR code, PDF, credential and LinkedIn of one certificate. */
  onShare: (certificate: Certificate) => void;
}) {
  const [sort, setSort] = useState<Sort | null>(null);
  const [page, setPage] = useState(1);
  const sorted = sortCertificates(certificates, sort);
  const pages = pageCount(sorted.length);
  const current = Math.min(page, pages);
  const onSort = (column: SortKey) => {
    setSort((s) => nextSort(s, column));
    setPage(1);
  };

  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <SortableHeader label="NAME" column="name" sort={sort} onSort={onSort} />
              <SortableHeader label="STATUS" column="status" sort={sort} onSort={onSort} />
              <SortableHeader label="Valid till" column="validTill" sort={sort} onSort={onSort} />
              <Table.Th>View Certificate</Table.Th>
              <Table.Th>Download Certificate</Table.Th>
              <Table.Th>Verify &amp; share</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {certificates.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <EmptyState
                    title="No certificates found."
                    description="Certificates your certifying board records for your email address appear here. If yours is missing, the Help page says whom to contact."
                    action={
                      <Button component={Link} to="../help" relative="path" variant="light" size="xs">
                        Go to Help
                      </Button>
                    }
                  />
                </Table.Td>
              </Table.Tr>
            )}
            {pageOf(sorted, current).map((c) => (
              <Table.Tr key={c._id}>
                <Table.Td fw={600}>{c.name}</Table.Td>
                <Table.Td>
                  <CertificateStatusBadge status={c.status} />
                </Table.Td>
                <Table.Td>
                  {new Date(c.validTill).toLocaleDateString()}
                  {/* Issue 31: the day the board awarded it, beside the spec's valid-till date. */}
                  <Text size="xs" c="dimmed">
                    Issued {formatCalendarDay(c.awardedOn)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => onView(c)}>
                    View Certificate
                  </Button>
                  {/* Issue 13: never a silent gap; the Download button below gives the generated PDF. */}
                  {c.downloadLink === '' && (
                    <Text size="xs" c="dimmed" mt={4}>
                      {NO_DOCUMENT_YET}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {/* Without an uploaded document, the generated PDF (issue 11) is the certificate. */}
                  <Button
                    size="xs"
                    component="a"
                    href={c.downloadLink || certificateFileUrl(c, 'pdf')}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Download Certificate
                  </Button>
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => onShare(c)}>
                    Verify &amp; share
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
            })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        </Group>
      )}
    </>
  );
}
