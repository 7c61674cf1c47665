import { Anchor, Autocomplete, Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { apiPath, AUDIT_ACTIONS, type AuditEntry } from '@portal/contract';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ExportCsvButton, ListBody, ListPages, ListTools } from '../../../components/paged-list';
import { usePhone } from '../../../hooks/use-phone';
import { type AuditFilters, auditQuery, NO_FILTERS, useAuditLog } from '../api/use-audit-log';
import { summarizeDetails } from '../lib/summarize-details';
import { formatMoment } from '../../../lib/dates';

const PAGE_SIZE = 25;

/** The admin list each kind of record lives on, for a link from its audit rows (issue 35). */
const LIST_OF: Record<string, string> = {
  certificate: '/manage/certificates',
  user: '/manage/users',
  job: '/manage/jobs',
};

/**
 * Issue 35: the record an entry is about, by the name people know it by, linked to its list
 * searched for it; the id only when the record is gone (purged) or not a record.
 */
function TargetCell({ entry }: { entry: AuditEntry }) {
  const layout = useLocation().pathname.startsWith('/rtl') ? '/rtl' : '/admin';
  const { target } = entry;
  if (!target) return <>{`${entry.targetType}${entry.targetId ? ` ${entry.targetId}` : ''}`}</>;
  const list = LIST_OF[entry.targetType];
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {entry.targetType}
        {target.inTrash ? ' · in the trash' : ''}
      </Text>
      {list && target.find && !target.inTrash ? (
        <Anchor component={Link} to={`${layout}${list}?q=${encodeURIComponent(target.find)}`} size="sm" dir="auto">
          {target.label}
        </Anchor>
      ) : (
        <Text size="sm" dir="auto">
          {target.label}
        </Text>
      )}
    </Stack>
  );
}

/** The six columns of the audit log, for a wide screen. */
function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover aria-label="Audit log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Actor</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>Request id</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry._id}>
              <Table.Td>
                <time dateTime={entry.createdAt}>{formatMoment(entry.createdAt)}</time>
              </Table.Td>
              <Table.Td>{entry.actorEmail ?? 'system'}</Table.Td>
              <Table.Td>{entry.action}</Table.Td>
              <Table.Td>
                <TargetCell entry={entry} />
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {entry.requestId ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>{summarizeDetails(entry.details)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Issue 35: on a phone, one card per entry, what was done to what first, instead of a 900 px
 * table whose Target column is off the screen.
 */
function AuditCards({ entries }: { entries: AuditEntry[] }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Audit log">
      {entries.map((entry) => (
        <Card key={entry._id} component="li" withBorder radius="md" padding="sm">
          <Group justify="space-between" align="baseline" gap="xs">
            <Text fw={600} size="sm">
              {entry.action}
            </Text>
            <Text size="xs" c="dimmed">
              <time dateTime={entry.createdAt}>{formatMoment(entry.createdAt)}</time>
            </Text>
          </Group>
          <TargetCell entry={entry} />
          <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {summarizeDetails(entry.details)}
          </Text>
          <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
            By {entry.actorEmail ?? 'system'}
            {entry.requestId ? ` · request ${entry.requestId}` : ''}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * Issue 13: the audit log for admins, newest first, filtered and paged on the server. Read
 * only: the log cannot be changed from here or anywhere else.
 */
export default function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [debounced] = useDebouncedValue(filters, 300);
  // A new filter starts again on the first page.
  const filterKey = JSON.stringify(debounced);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const list = useAuditLog(debounced, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const set = (key: keyof AuditFilters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));
  const filtered = Object.values(debounced).some(Boolean);
  const phone = usePhone();

  return (
    <Stack>
      <ListTools label="Filters" active={Object.values(filters).filter(Boolean).length}>
        <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} w="100%">
          <Autocomplete
            label="Action"
            placeholder="e.g. user.update"
            data={[...AUDIT_ACTIONS]}
            value={filters.action}
            onChange={set('action')}
          />
          <TextInput
            label="Actor"
            placeholder="Part of the e-mail"
            value={filters.actor}
            onChange={(e) => set('actor')(e.currentTarget.value)}
          />
          <TextInput
            label="Target type"
            placeholder="e.g. report"
            value={filters.targetType}
            onChange={(e) => set('targetType')(e.currentTarget.value)}
          />
          <TextInput
            label="Target id"
            value={filters.targetId}
            onChange={(e) => set('targetId')(e.currentTarget.value)}
          />
          <TextInput
            label="From"
            type="date"
            value={filters.from}
            onChange={(e) => set('from')(e.currentTarget.value)}
          />
          <TextInput label="To" type="date" value={filters.to} onChange={(e) => set('to')(e.currentTarget.value)} />
        </SimpleGrid>
      </ListTools>
      <Group justify="space-between">
        {filtered ? (
          <Button variant="subtle" size="xs" onClick={() => setFilters(NO_FILTERS)}>
            Clear filters
          </Button>
        ) : (
          <span />
        )}
        <ExportCsvButton href={apiPath('/api/audit-log/export.csv', undefined, auditQuery(debounced))} />
      </Group>

      <ListBody
        query={list}
        loading="Loading the audit log"
        error="Unable to fetch the audit log. Please try again."
        empty={
          filtered
            ? { title: 'No entries match these filters.', description: 'Widen the dates or clear the filters.' }
            : {
                title: 'The audit log is empty.',
                description: 'Every change an administrator makes, and every SSN revealed, is recorded here.',
              }
        }
      >
        {({ items, total }) => (
          <>
            <Text size="sm" c="dimmed">
              {total} {total === 1 ? 'entry' : 'entries'}
            </Text>
            {phone ? <AuditCards entries={items} /> : <AuditTable entries={items} />}
          </>
        )}
      </ListBody>

      <ListPages
        pages={pages}
        page={page}
        onChange={(next) => setPaging({ key: filterKey, page: next })}
        label="Audit log pages"
      />
    </Stack>
  );
}
