import {
  Anchor,
  Autocomplete,
  Button,
  Card,
  type ComboboxItem,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { apiPath, AUDIT_ACTIONS, type AuditEntry } from '@portal/contract';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ExportCsvButton, ListBody, ListPages, ListTools } from '../../../components/paged-list';
import { usePhone } from '../../../hooks/use-phone';
import { useT } from '../../../i18n/use-t';
import { type AuditFilters, auditQuery, NO_FILTERS, useAuditLog } from '../api/use-audit-log';
import { actionKey } from '../lib/action-label';
import { summarizeDetails } from '../lib/summarize-details';
import { formatMoment } from '../../../lib/dates';
import { auditWords } from '../words';

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
  const { t } = useT(auditWords);
  const layout = useLocation().pathname.startsWith('/rtl') ? '/rtl' : '/admin';
  const { target } = entry;
  if (!target) {
    return (
      <Text size="sm" translate="no" dir="ltr">
        {[entry.targetType, entry.targetId].filter(Boolean).join(' ')}
      </Text>
    );
  }
  const list = LIST_OF[entry.targetType];
  return (
    <Stack gap={0}>
      {target.inTrash ? (
        <Text size="xs" c="dimmed">
          {t('audit.target.inTrash', { type: entry.targetType })}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" translate="no">
          {entry.targetType}
        </Text>
      )}
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

/**
 * An action by its name in the reader's language, with the code the API and the Action filter
 * use beneath it; a code the contract does not list, as it is.
 */
function ActionName({ action, strong }: { action: string; strong?: boolean }) {
  const { t } = useT(auditWords);
  const key = actionKey(action);
  if (!key) {
    return (
      <Text size="sm" fw={strong ? 600 : undefined} translate="no">
        {action}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" fw={strong ? 600 : undefined}>
        {t(key)}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace" translate="no">
        {action}
      </Text>
    </Stack>
  );
}

/** The six columns of the audit log, for a wide screen. */
function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useT(auditWords);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover aria-label={t('audit.log')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('audit.column.time')}</Table.Th>
            <Table.Th>{t('audit.column.actor')}</Table.Th>
            <Table.Th>{t('audit.column.action')}</Table.Th>
            <Table.Th>{t('audit.column.target')}</Table.Th>
            <Table.Th>{t('audit.column.requestId')}</Table.Th>
            <Table.Th>{t('audit.column.details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry._id}>
              <Table.Td>
                <time dateTime={entry.createdAt}>{formatMoment(entry.createdAt)}</time>
              </Table.Td>
              <Table.Td dir={entry.actorEmail ? 'auto' : undefined}>{entry.actorEmail ?? t('audit.system')}</Table.Td>
              <Table.Td>
                <ActionName action={entry.action} />
              </Table.Td>
              <Table.Td>
                <TargetCell entry={entry} />
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" translate="no">
                  {entry.requestId ?? ''}
                </Text>
              </Table.Td>
              <Table.Td dir="auto">{summarizeDetails(entry.details, t)}</Table.Td>
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
  const { t, rich } = useT(auditWords);
  const by = (entry: AuditEntry) => {
    const { actorEmail, requestId } = entry;
    if (!actorEmail) {
      return requestId ? t('audit.card.bySystemRequest', { requestId }) : t('audit.card.bySystem');
    }
    const actor = <bdi>{actorEmail}</bdi>;
    return requestId ? rich('audit.card.byRequest', { actor, requestId }) : rich('audit.card.by', { actor });
  };
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('audit.log')}>
      {entries.map((entry) => (
        <Card key={entry._id} component="li" withBorder radius="md" padding="sm">
          <Group justify="space-between" align="baseline" gap="xs">
            <ActionName action={entry.action} strong />
            <Text size="xs" c="dimmed">
              <time dateTime={entry.createdAt}>{formatMoment(entry.createdAt)}</time>
            </Text>
          </Group>
          <TargetCell entry={entry} />
          <Text size="sm" mt={4} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {summarizeDetails(entry.details, t)}
          </Text>
          <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {by(entry)}
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
  const { t } = useT(auditWords);
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
  /** An action's name in the reader's language, or its code. */
  const actionName = (action: string) => {
    const key = actionKey(action);
    return key ? t(key) : action;
  };

  return (
    <Stack>
      <ListTools label={t('audit.filters')} active={Object.values(filters).filter(Boolean).length}>
        <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} w="100%">
          <Autocomplete
            label={t('audit.filter.action')}
            placeholder={t('audit.filter.actionPlaceholder')}
            data={[...AUDIT_ACTIONS]}
            // The codes are what the filter takes; each is offered, and found, by its name too.
            renderOption={({ option }) => <ActionName action={option.value} />}
            filter={({ options, search }) => {
              const q = search.trim().toLowerCase();
              return (options as ComboboxItem[]).filter(
                (o) => o.value.toLowerCase().includes(q) || actionName(o.value).toLowerCase().includes(q),
              );
            }}
            value={filters.action}
            onChange={set('action')}
          />
          <TextInput
            label={t('audit.filter.actor')}
            placeholder={t('audit.filter.actorPlaceholder')}
            value={filters.actor}
            onChange={(e) => set('actor')(e.currentTarget.value)}
          />
          <TextInput
            label={t('audit.filter.targetType')}
            placeholder={t('audit.filter.targetTypePlaceholder')}
            value={filters.targetType}
            onChange={(e) => set('targetType')(e.currentTarget.value)}
          />
          <TextInput
            label={t('audit.filter.targetId')}
            value={filters.targetId}
            onChange={(e) => set('targetId')(e.currentTarget.value)}
          />
          <TextInput
            label={t('audit.filter.from')}
            type="date"
            value={filters.from}
            onChange={(e) => set('from')(e.currentTarget.value)}
          />
          <TextInput
            label={t('audit.filter.to')}
            type="date"
            value={filters.to}
            onChange={(e) => set('to')(e.currentTarget.value)}
          />
        </SimpleGrid>
      </ListTools>
      <Group justify="space-between">
        {filtered ? (
          <Button variant="subtle" size="xs" onClick={() => setFilters(NO_FILTERS)}>
            {t('audit.clearFilters')}
          </Button>
        ) : (
          <span />
        )}
        <ExportCsvButton href={apiPath('/api/audit-log/export.csv', undefined, auditQuery(debounced))} />
      </Group>

      <ListBody
        query={list}
        loading={t('audit.loading')}
        error={t('audit.loadFailed')}
        empty={
          filtered
            ? { title: t('audit.empty.filteredTitle'), description: t('audit.empty.filteredText') }
            : { title: t('audit.empty.title'), description: t('audit.empty.text') }
        }
      >
        {({ items, total }) => (
          <>
            <Text size="sm" c="dimmed">
              {t('audit.count', { total })}
            </Text>
            {phone ? <AuditCards entries={items} /> : <AuditTable entries={items} />}
          </>
        )}
      </ListBody>

      <ListPages
        pages={pages}
        page={page}
        onChange={(next) => setPaging({ key: filterKey, page: next })}
        label={t('audit.pages')}
      />
    </Stack>
  );
}
