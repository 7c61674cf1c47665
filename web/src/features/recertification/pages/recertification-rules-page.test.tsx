import { Notifications, notifications } from '@mantine/notifications';
import { DEFAULT_RECERTIFICATION_RULES } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import RecertificationRulesPage from './recertification-rules-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => notifications.clean());

describe('RecertificationRulesPage', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const render = async () => {
    renderWithProviders(
      <>
        <Notifications />
        <RecertificationRulesPage />
      </>,
    );
    return screen.findByRole('textbox', { name: 'Category 1 key' });
  };
  const puts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');

  it('saves the whole rules object, with a category added', async () => {
    fetchMock.mockResolvedValueOnce(json(DEFAULT_RECERTIFICATION_RULES));
    await render();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/settings/recertification');
    const user = userEvent.setup();
    await user.clear(screen.getByRole('textbox', { name: 'Total hours per cycle' }));
    await user.type(screen.getByRole('textbox', { name: 'Total hours per cycle' }), '24.5');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await user.type(screen.getByRole('textbox', { name: 'Category 3 key' }), 'safety');
    await user.type(screen.getByRole('textbox', { name: 'Category 3 name' }), 'Site safety');
    await user.clear(screen.getByRole('textbox', { name: 'Category 3 minimum hours' }));
    await user.type(screen.getByRole('textbox', { name: 'Category 3 minimum hours' }), '2');
    const expected = {
      ...DEFAULT_RECERTIFICATION_RULES,
      totalHours: 24.5,
      categories: [...DEFAULT_RECERTIFICATION_RULES.categories, { key: 'safety', name: 'Site safety', minHours: 2 }],
    };
    fetchMock.mockResolvedValueOnce(json(expected));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Recertification rules saved')).toBeInTheDocument();
    expect(puts()).toHaveLength(1);
    expect(JSON.parse(puts()[0]![1].body as string)).toEqual(expected);
  });

  it('refuses what the contract refuses, on the form, and sends nothing', async () => {
    fetchMock.mockResolvedValueOnce(json(DEFAULT_RECERTIFICATION_RULES));
    await render();
    const user = userEvent.setup();
    await user.clear(screen.getByRole('textbox', { name: 'Cycle (months)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The cycle is a number of months')).toBeInTheDocument();
    // 8 + 4 hours of minimums over a total of 10: the list's own rule, said under it.
    await user.type(screen.getByRole('textbox', { name: 'Cycle (months)' }), '12');
    await user.clear(screen.getByRole('textbox', { name: 'Total hours per cycle' }));
    await user.type(screen.getByRole('textbox', { name: 'Total hours per cycle' }), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The categories’ minimum hours add up to more than the total hours'),
    ).toBeInTheDocument();
    // A category removed is gone from the form.
    await user.click(screen.getByRole('button', { name: 'Remove category 1' }));
    expect(screen.queryByRole('textbox', { name: 'Category 2 key' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Category 1 key' })).toHaveValue('outreach');
    expect(puts()).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    fetchMock.mockResolvedValueOnce(json(DEFAULT_RECERTIFICATION_RULES));
    await render();
    fetchMock.mockResolvedValueOnce(json({ message: 'lateFeeNote: not allowed today' }, 400));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('lateFeeNote: not allowed today'))).toBe(
        true,
      ),
    );
    expect(screen.getByText('Rules not saved')).toBeInTheDocument();
  });
});
