import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePagedSearch } from './use-paged-search';

function List() {
  const { search, setSearch, param, setParam } = usePagedSearch(10, 0);
  const location = useLocation();
  return (
    <>
      <input aria-label="Search" value={search} onChange={(event) => setSearch(event.target.value)} />
      <button
        type="button"
        onClick={() => {
          // Two writes before the router renders either: the second must not undo the first.
          setParam('sort', 'name');
          setParam('status', param('status') ? '' : 'Active');
        }}
      >
        Sort and filter
      </button>
      <output aria-label="Address">{location.search}</output>
    </>
  );
}

function renderList(path: string) {
  const router = createMemoryRouter([{ path: '/list', element: <List /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('usePagedSearch', () => {
  it('keeps every parameter written before the router renders the address', async () => {
    renderList('/list?q=aster&page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Sort and filter' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('?q=aster&sort=name&status=Active');
  });

  it('follows the address when the router moves it (Back, a link)', async () => {
    const router = renderList('/list?q=aster');
    await userEvent.click(screen.getByRole('button', { name: 'Sort and filter' }));
    await act(() => router.navigate('/list?q=yarrow'));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('yarrow');
    await userEvent.click(screen.getByRole('button', { name: 'Sort and filter' }));
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('?q=yarrow&sort=name&status=Active');
  });
});
