import { Button, Checkbox } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { AdminListPage, DeleteDialog } from './admin-list-page';
import { useRowSelection } from './bulk-bar';

// The toasts' store outlives a test: one test's toast would show in the next.
afterEach(() => notifications.clean());

type Thing = { _id: string; name: string };
const ID = '00000000-0000-4000-8000-000000000001';
const loaded = (items: Thing[], total = items.length) => ({
  isPending: false,
  isError: false,
  error: null,
  data: { items, total },
  refetch: () => {},
  isFetching: false,
});

function Things({ items, total }: { items: Thing[]; total: number }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const rows = useRowSelection();
  return (
    <AdminListPage
      search={{ label: 'Search things', placeholder: 'Search things...' }}
      exportHref="/api/things/export.csv"
      actions={<Button>Add New</Button>}
      bulk={{
        rows,
        q: '',
        type: 'job',
        noun: 'things',
        actions: [{ verb: 'Renew', icon: null, run: () => {} }],
      }}
      list={loaded(items, total)}
      paging={{ page, setPage, pagesFor: (n) => Math.ceil(n / 2), search, setSearch }}
      loading="Loading things"
      error="Unable to fetch things."
      empty="No things."
      pagesLabel="Thing pages"
    >
      {(data) => (
        <ul>
          {data.items.map((thing) => (
            <li key={thing._id}>
              <Checkbox
                aria-label={`Select ${thing.name}`}
                checked={rows.isSelected(thing._id)}
                onChange={(e) => rows.toggle(thing._id, e.currentTarget.checked)}
              />
            </li>
          ))}
        </ul>
      )}
    </AdminListPage>
  );
}

describe('AdminListPage', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the toolbar, the items and their pages', () => {
    renderWithProviders(<Things items={[{ _id: ID, name: 'Alpha' }]} total={5} />);
    expect(screen.getByRole('textbox', { name: 'Search things' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/things/export.csv');
    expect(screen.getByRole('button', { name: 'Add New' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Alpha' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
  });

  it("offers the screen's bulk actions and then Delete, which moves the rows to the trash and clears them", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ count: 1, message: '1 thing moved to the trash', ids: [ID] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderWithProviders(
      <>
        <Notifications />
        <Things items={[{ _id: ID, name: 'Alpha' }]} total={1} />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Alpha' }));
    const actions = screen.getAllByRole('button', { name: /selected \(1\)$/ }).map((b) => b.textContent);
    expect(actions).toEqual(['Renew selected (1)', 'Delete selected (1)']);

    await user.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete things' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 thing moved to the trash')).toBeInTheDocument();
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/bulk-delete');
    expect(JSON.parse(init.body as string)).toEqual({ type: 'job', ids: [ID] });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select Alpha' })).not.toBeChecked());
  });
});

describe('DeleteDialog', () => {
  function Harness({ items, fails, onError }: { items: Thing[]; fails?: boolean; onError?: (err: unknown) => void }) {
    const [page, setPage] = useState(2);
    const [asked, setAsked] = useState<Thing | null>(items[0] ?? null);
    const [closed, setClosed] = useState('');
    const remove = {
      isPending: false,
      mutate: (_id: string, on: { onSuccess: () => void; onError: (err: unknown) => void }) =>
        fails ? on.onError(new Error('refused')) : on.onSuccess(),
    };
    return (
      <>
        <output aria-label="Page">{page}</output>
        <output aria-label="Closed">{closed}</output>
        <DeleteDialog
          id={asked?._id ?? null}
          title="Delete thing"
          message={`Delete ${asked?.name ?? ''}?`}
          type="job"
          remove={remove}
          deleted={{ title: 'Thing deleted.', message: 'The thing was deleted.' }}
          list={{ data: { items } }}
          paging={{ page, setPage }}
          onError={onError ?? (() => {})}
          onClose={() => {
            setAsked(null);
            setClosed('closed');
          }}
          onDeleted={() => {
            setAsked(null);
            setClosed('deleted');
          }}
        />
      </>
    );
  }

  it("deletes after the question, offers Undo, and shows the page before when the page's last item went", async () => {
    renderWithProviders(
      <>
        <Notifications />
        <Harness items={[{ _id: ID, name: 'Alpha' }]} />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete thing' });
    expect(dialog).toHaveTextContent('Delete Alpha?');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The thing was deleted.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Page')).toHaveTextContent('1');
    expect(screen.getByLabelText('Closed')).toHaveTextContent('deleted');
  });

  it('stays on the page while other items remain', async () => {
    renderWithProviders(
      <Harness
        items={[
          { _id: ID, name: 'Alpha' },
          { _id: 'b', name: 'Beta' },
        ]}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByLabelText('Closed')).toHaveTextContent('deleted');
    expect(screen.getByLabelText('Page')).toHaveTextContent('2');
  });

  it('on a failure, gives the error to the screen and closes', async () => {
    const onError = vi.fn();
    renderWithProviders(<Harness items={[{ _id: ID, name: 'Alpha' }]} fails onError={onError} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));
    expect(onError).toHaveBeenCalledWith(new Error('refused'));
    expect(screen.getByLabelText('Closed')).toHaveTextContent('closed');
    expect(screen.getByLabelText('Page')).toHaveTextContent('2');
  });
});
