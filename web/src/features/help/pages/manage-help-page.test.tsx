import type { HelpContent } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import ManageHelpPage from './manage-help-page';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('ManageHelpPage (spec §4: view → edit → view on a successful Save)', () => {
  let stored: HelpContent;
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/help-content' && init?.method === 'PUT') {
      stored = { ...(JSON.parse(init.body as string) as HelpContent), version: stored.version + 1 };
      return json(stored);
    }
    return json(stored);
  });
  beforeEach(() => {
    stored = {
      instructions: ['Log in first'],
      contactDetails: ['Old office', 'Phone 123'],
      emails: ['a@b.org'],
      version: 1,
    };
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('saves edits, additions and deletions in one PUT, dropping blank rows, and returns to view mode', async () => {
    renderWithProviders(<ManageHelpPage />);
    expect(await screen.findByText('Old office')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));

    fireEvent.change(screen.getByRole('textbox', { name: 'Instructions entry 1' }), {
      target: { value: 'Log in with your board e-mail' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete contact detail 1' }));
    expect(screen.getByRole('textbox', { name: 'Contact Details entry 1' })).toHaveValue('Phone 123');
    fireEvent.click(screen.getByRole('button', { name: 'Add email' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Emails entry 2' }), { target: { value: 'c@d.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add instruction' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();

    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(JSON.parse(puts[0]![1]!.body as string)).toEqual({
      instructions: ['Log in with your board e-mail'],
      contactDetails: ['Phone 123'],
      emails: ['a@b.org', 'c@d.org'],
    });
    await waitFor(() => expect(screen.getByText('Log in with your board e-mail')).toBeInTheDocument());
    expect(screen.queryByText('Old office')).not.toBeInTheDocument();
  });

  it('leaves the saved content alone on Cancel', async () => {
    renderWithProviders(<ManageHelpPage />);
    expect(await screen.findByText('Log in first')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete instruction 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Log in first')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
