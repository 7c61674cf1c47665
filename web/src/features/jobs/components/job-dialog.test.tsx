import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { JobDialog } from './job-dialog';

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

function fillJob(applyLink: string) {
  fill('Title', 'Route Coordinator');
  fill('Company', 'Green City');
  fill('Location', 'Portland, OR');
  fill('Description', 'Plans routes.');
  fill('Apply Link', applyLink);
}

describe('JobDialog (spec §5)', { timeout: 30_000 }, () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderDialog = () =>
    renderWithProviders(
      <>
        <Notifications />
        <JobDialog opened onClose={() => {}} />
      </>,
    );

  it('refuses a link that is not a URL with a toast and sends nothing', async () => {
    renderDialog();
    fillJob('not a link');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Invalid URL')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid apply link.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a link without a scheme with https://', async () => {
    renderDialog();
    fillJob('careers.example.org/apply');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/jobs');
    expect(JSON.parse(init.body as string)).toMatchObject({ applyLink: 'https://careers.example.org/apply' });
    expect(await screen.findByText('The job was created successfully.')).toBeInTheDocument();
  });
});
