import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import ReportPage from './report-page';

const notificationsShow = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show: notificationsShow } }));

afterEach(() => {
  vi.unstubAllGlobals();
  notificationsShow.mockReset();
});

function stubFetch(status = 201, body: unknown = { _id: 'r1' }) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// The form has over a hundred inputs: jsdom renders it slowly on shared machines.
// getByRole walks the whole accessibility tree of a very large form: find the button by text.
const submitButton = () => screen.getByText('Submit Form').closest('button')!;

describe('Report a Homeless form', { timeout: 180_000 }, () => {
  it('toggles checkbox groups, sends Yes/No strings and clears after success', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = stubFetch();
    renderWithProviders(<ReportPage />);
    expect(screen.getByText('(Complete this form for ALL adults)')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Client Name'), { target: { value: 'Jordan Rivers' } });
    fireEvent.change(screen.getByLabelText('Social Security Number'), { target: { value: '372-81-4455' } });
    const race = screen.getByLabelText('Race');
    await user.click(within(race).getByLabelText('White'));
    await user.click(within(race).getByLabelText('Asian or Asian American'));
    await user.click(within(race).getByLabelText('White'));
    await user.click(within(screen.getByLabelText('Veteran')).getByLabelText('Yes'));
    await user.click(screen.getByLabelText('HIV/AIDS'));
    await user.click(submitButton());

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/reports');
    const body = JSON.parse(String(init!.body));
    expect(body).toMatchObject({
      clientName: 'Jordan Rivers',
      ssn: '372814455',
      race: ['Asian or Asian American'],
      veteran: 'Yes',
      disabilityType: { hivAids: true, alcoholUseDisorder: false },
      imageUrl: '',
      videoUrl: '',
    });
    expect(body).not.toHaveProperty('userId');
    await waitFor(() =>
      expect(notificationsShow).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Success', message: 'Form submitted successfully' }),
      ),
    );
    await waitFor(() => expect(screen.getByLabelText('Client Name')).toHaveValue(''));
    expect(within(race).getByLabelText('Asian or Asian American')).not.toBeChecked();
  });

  it('shows the message next to a malformed field and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = stubFetch();
    renderWithProviders(<ReportPage />);
    fireEvent.change(screen.getByLabelText('ZIP Code of Last Permanent Address'), { target: { value: '123' } });
    await user.click(submitButton());
    expect(await screen.findByText('Enter a 5-digit ZIP code')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the submission fails', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch(500, { message: 'Something went wrong. Please try again.' });
    renderWithProviders(<ReportPage />);
    fireEvent.change(screen.getByLabelText('Client Name'), { target: { value: 'Kept Name' } });
    await user.click(submitButton());
    await waitFor(() =>
      expect(notificationsShow).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Error', message: 'Unable to submit the form. Please try again.' }),
      ),
    );
    expect(screen.getByLabelText('Client Name')).toHaveValue('Kept Name');
  });
});
