import { apiPath } from '@portal/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { renderWithProviders } from '../test/render';
import { ExportCsvButton, ListBody, ListPages } from './paged-list';

type Page = { items: string[]; total: number };
const query = (state: Partial<{ isPending: boolean; isError: boolean; error: unknown; data: Page }>) => ({
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
  isFetching: false,
  ...state,
});

const body = (q: ReturnType<typeof query>, error: string | (() => React.ReactNode) = 'Unable to load.') =>
  renderWithProviders(
    <ListBody query={q} loading="Loading things" error={error} empty="Nothing yet.">
      {({ items, total }) => (
        <ul aria-label={`${total} things`}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </ListBody>,
  );

describe('ListBody', () => {
  it('shows a named loader while the first page loads', () => {
    body(query({ isPending: true }));
    expect(screen.getByLabelText('Loading things')).toBeInTheDocument();
  });

  it("shows the server's message when the page cannot be loaded, else the screen's text", () => {
    body(query({ isError: true, error: new ApiError(403, 'Admins only') }));
    expect(screen.getByRole('alert')).toHaveTextContent('Admins only');
    body(query({ isError: true, error: new TypeError('Failed to fetch') }));
    expect(screen.getByText('Unable to load.')).toBeInTheDocument();
  });

  it('offers Retry on a failed load, which asks again', async () => {
    const q = query({ isError: true, error: new TypeError('Failed to fetch') });
    body(q);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('lets a screen render its own error state', () => {
    body(query({ isError: true, error: new ApiError(500, 'x') }), () => <p>Error fetching things.</p>);
    expect(screen.getByText('Error fetching things.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty text for no items, and the items with their total otherwise', () => {
    body(query({ data: { items: [], total: 0 } }));
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    body(query({ data: { items: ['a', 'b'], total: 7 } }));
    expect(screen.getByRole('list', { name: '7 things' })).toHaveTextContent('ab');
  });

  it('keeps showing the page it has when a refresh fails', () => {
    body(query({ isError: true, error: new ApiError(500, 'x'), data: { items: ['kept'], total: 1 } }));
    expect(screen.getByText('kept')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ListPages', () => {
  it('shows page numbers only when there is more than one page', () => {
    renderWithProviders(<ListPages pages={1} page={1} onChange={() => {}} label="Single pages" />);
    expect(screen.queryByLabelText('Single pages')).toBeNull();
    renderWithProviders(<ListPages pages={3} page={2} onChange={() => {}} label="Thing pages" />);
    expect(screen.getByLabelText('Thing pages')).toHaveTextContent('123');
  });
});

describe('ExportCsvButton', () => {
  it("links to the list's export with what is on screen, as a download", () => {
    renderWithProviders(
      <ExportCsvButton
        href={apiPath('/api/audit-log/export.csv', undefined, { action: 'user.update', actor: undefined })}
      />,
    );
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', '/api/audit-log/export.csv?action=user.update');
    expect(link).toHaveAttribute('download');
  });
});
