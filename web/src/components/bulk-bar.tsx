import { Button, Checkbox, Group, Text } from '@mantine/core';
import { apiPath, bulkDeleteResult, type BulkDeleteType, type CertificateFilters } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useT } from '../i18n/use-t';
import { api } from '../lib/api';
import { refreshAfterWrite } from '../lib/refresh';
import { commonWords } from './words';

/**
 * Issue 16: the one selection model of the admin lists (first built for bulk renewal, issue 15):
 * rows ticked on the list (kept across pages), or every row the list shows for its search (and,
 * on the certificate list, its filters: issue 35).
 */
export type ListSelection = { ids: string[] } | { q: string; total: number; filters?: CertificateFilters };

export const selectionCount = (selection: ListSelection) =>
  'ids' in selection ? selection.ids.length : selection.total;
/** The selection as a bulk body sends it (the contract's `certificateSelectionShape`). */
export const selectionBody = (selection: ListSelection) =>
  'ids' in selection
    ? { ids: selection.ids }
    : { q: selection.q, ...(selection.filters ? { filters: selection.filters } : {}) };

export function useRowSelection() {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [allMatching, setAllMatching] = useState(false);
  return {
    selected,
    allMatching,
    setAllMatching,
    isSelected: (id: string) => allMatching || selected.has(id),
    toggle: (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    clear: () => {
      setSelected(new Set());
      setAllMatching(false);
    },
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;

/** What every bulk action's dialog takes: the selection it acts on (null: closed), and its two ends. */
export interface BulkDialogProps {
  selection: ListSelection | null;
  onClose: () => void;
  /** After the action succeeded: the list's selection is cleared. */
  onDone: () => void;
}

export interface BulkAction {
  /**
   * The verb on the button, in the screens' language: "Delete" gives "Delete selected (3)" or
   * "Delete all 40 matching".
   */
  verb: string;
  icon: ReactNode;
  color?: string;
  run: (selection: ListSelection) => void;
}

/** The bar above a list: "all N matching", each bulk action, and clearing the selection. */
export function BulkBar({
  rows,
  total,
  q,
  actions,
  filters,
  ticked = false,
}: {
  rows: RowSelection;
  total: number;
  q: string;
  actions: BulkAction[];
  /** The list's filters, when it has any set: "all matching" carries them (issue 35). */
  filters?: CertificateFilters | undefined;
  /** Only ticked rows, no "all matching": for actions sent one record at a time (issue 33). */
  ticked?: boolean | undefined;
}) {
  const { t } = useT(commonWords);
  const narrowed = Boolean(q || filters);
  const selection: ListSelection = rows.allMatching
    ? { q, total, ...(filters ? { filters } : {}) }
    : { ids: [...rows.selected] };
  const count = selectionCount(selection);
  const label = (verb: string) =>
    rows.allMatching
      ? t(narrowed ? 'common.ui.bulk.actionAllMatching' : 'common.ui.bulk.actionAll', { verb, total })
      : t('common.ui.bulk.actionSelected', { verb, count });
  return (
    <Group gap="xs">
      {ticked ? null : (
        <Checkbox
          label={t(narrowed ? 'common.ui.bulk.allMatching' : 'common.ui.bulk.all', { total })}
          checked={rows.allMatching}
          disabled={total === 0}
          onChange={(e) => rows.setAllMatching(e.currentTarget.checked)}
        />
      )}
      {/* The actions appear once something is chosen: on a phone, four idle buttons would push
          the list a screen down (issue 35). */}
      {count > 0 &&
        actions.map((action) => (
          <Button
            key={action.verb}
            variant="light"
            color={action.color}
            leftSection={action.icon}
            onClick={() => action.run(selection)}
          >
            {label(action.verb)}
          </Button>
        ))}
      {rows.selected.size > 0 || rows.allMatching ? (
        <Button variant="subtle" color="gray" onClick={rows.clear}>
          {t('common.ui.bulk.clear')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t(ticked ? 'common.ui.bulk.hintTicked' : 'common.ui.bulk.hint')}
        </Text>
      )}
    </Group>
  );
}

/** POST /api/bulk-delete: the selection to the trash, in one transaction; every list refetches. */
export function useBulkDelete(type: BulkDeleteType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (selection: ListSelection) =>
      api('POST', apiPath('/api/bulk-delete'), {
        body: { type, ...selectionBody(selection) },
        schema: bulkDeleteResult,
      }),
    onSuccess: () => refreshAfterWrite(queryClient),
  });
}
