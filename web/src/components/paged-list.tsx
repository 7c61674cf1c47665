import { Box, Button, Center, Group, Loader, Pagination, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconDownload, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/api';
import { EmptyState, type EmptyStateProps } from './empty-state';
import { LoadError } from './load-error';
import { type CommonKey, commonWords } from './words';

/**
 * The parts every admin list shares (searched and paged on the server: ARCHITECTURE §4): the
 * search box, the list's loading, error and empty states, and the page numbers. Each screen keeps
 * its own texts (the spec's) and renders its own items.
 */

/** The search box above a list. */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={{ base: '100%', sm: 360 }}
    />
  );
}

/**
 * A list's sort and filters (issue 35): shown in the row on a wide screen; on a phone folded
 * behind one button that says how many are set, so that the first item is on the first screen.
 */
export function ListTools({ label, active, children }: { label: string; active: number; children: ReactNode }) {
  const { t } = useT(commonWords);
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        hiddenFrom="sm"
        variant="default"
        fullWidth
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
      >
        {active ? t('common.ui.list.toolsActive', { label, active }) : label}
      </Button>
      <Box id={id} display={{ base: open ? 'contents' : 'none', sm: 'contents' }}>
        {children}
      </Box>
    </>
  );
}

export interface ListQuery<D> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: D | undefined;
  /** Asks again: the error state offers it as Retry (issue 35). */
  refetch(): unknown;
  isFetching: boolean;
}

/**
 * A page of items once loaded: a loader while the first page loads; the error while there is
 * nothing to show (a red alert with the server's message, else `error`, and Retry, unless `error`
 * renders the state itself); `empty` when there are no items; else `children(page)`. A page that fails
 * to refresh keeps showing what it had.
 */
export function ListBody<D extends { items: readonly unknown[] }>({
  query,
  loading,
  error,
  empty,
  children,
}: {
  query: ListQuery<D>;
  /** The loader's accessible name. */
  loading: string;
  error: string | ((err: unknown) => ReactNode);
  /** The empty state: a text, or a text with its explanation and next action (issue 13). */
  empty: string | EmptyStateProps;
  children: (page: D) => ReactNode;
}) {
  const { t } = useT(commonWords);
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={loading} />
      </Center>
    );
  }
  if (!query.data) {
    if (typeof error === 'function') return error(query.error);
    return (
      <LoadError
        title={t('common.error')}
        message={errorMessage(query.error, error)}
        onRetry={query.refetch}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.items.length === 0) {
    return typeof empty === 'string' ? <EmptyState title={empty} /> : <EmptyState {...empty} />;
  }
  return children(query.data);
}

const CONTROL_NAMES: Record<'first' | 'previous' | 'next' | 'last', CommonKey> = {
  first: 'common.ui.list.first',
  previous: 'common.ui.list.previous',
  next: 'common.ui.list.next',
  last: 'common.ui.list.last',
};

/** The page numbers under a list, when it has more than one page. */
export function ListPages({
  pages,
  page,
  onChange,
  label,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
  label: string;
}) {
  const { t } = useT(commonWords);
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        aria-label={label}
        // The arrows are icons: each control and page number gets a name.
        getControlProps={(control) => ({ 'aria-label': t(CONTROL_NAMES[control]) })}
        getItemProps={(item) => ({
          'aria-label': t('common.ui.list.page', { page: item }),
          'aria-current': item === page ? 'page' : undefined,
        })}
      />
    </Group>
  );
}

/**
 * Issue 16: "Export CSV" of an admin list, with what is on screen: `href` is the list's export
 * (`apiPath`) with its search and filters, empty ones left out. A plain link: the browser
 * downloads the stream itself.
 */
export function ExportCsvButton({ href }: { href: string }) {
  const { t } = useT(commonWords);
  return (
    <Button component="a" href={href} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
      {t('common.ui.list.exportCsv')}
    </Button>
  );
}
