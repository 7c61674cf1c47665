import { Notifications } from '@mantine/notifications';
import { EDIT_CONFLICT_MESSAGE, type Job } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { useJobs } from '../api/use-jobs';
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

describe('JobDialog (spec §5)', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    // The server answers the job it stored.
    fetchMock.mockImplementation(async (_path: string, init: RequestInit) =>
      Response.json({ ...JSON.parse(init.body as string), _id: 'j-1', version: 1 }, { status: 201 }),
    );
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

describe('JobDialog: a job someone else saved meanwhile (issue 16)', () => {
  const opened: Job = {
    _id: '5b0c9f3e-2a61-4c1e-9a52-7f1d2e3c4b5a',
    title: 'Route Coordinator',
    company: 'Green City',
    location: 'Portland, OR',
    description: 'Plans routes.',
    applyLink: 'https://careers.example.org/apply',
    version: 1,
  };
  const theirs: Job = { ...opened, title: 'Senior Route Coordinator', company: 'Blue City', version: 2 };
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetchMock = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>();
  const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
  const boardReads = () =>
    fetchMock.mock.calls.filter(([path, init]) => path.startsWith('/api/jobs?') && !init?.method);
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (path, init) => {
      if (init?.method !== 'PUT') return answer(200, path.startsWith('/api/jobs?') ? [theirs] : {});
      // The first save was opened at version 1, after someone else saved version 2.
      return puts().length === 1
        ? answer(412, { message: EDIT_CONFLICT_MESSAGE, current: theirs })
        : answer(200, { ...JSON.parse(init.body as string), _id: opened._id, version: 3 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  /** The job board, mounted beside the dialog as on the admin screen: it refetches on a conflict. */
  function Board() {
    useJobs();
    return null;
  }

  it('says so, shows their values, and reloads them into the form to save on top', async () => {
    renderWithProviders(
      <>
        <Notifications />
        <Board />
        <JobDialog opened onClose={() => {}} job={opened} />
      </>,
    );
    await waitFor(() => expect(boardReads()).toHaveLength(1));
    fill('Location', 'Salem, OR');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    const alert = await screen.findByRole('alert', { name: 'Someone else changed this job since you opened it.' });
    const values = within(alert).getByRole('list', { name: 'Their values' });
    expect(values).toHaveTextContent('Title: Senior Route Coordinator');
    expect(values).toHaveTextContent('Company: Blue City');
    expect(values).toHaveTextContent('Location: Portland, OR');
    const [path, init] = puts()[0]!;
    expect(path).toBe(`/api/jobs/${opened._id}`);
    expect((init!.headers as Record<string, string>)['if-match']).toBe('"1"');
    // Nothing was saved: no success toast, the dialog stays with the admin's own typing, and the
    // board is refetched to show their job.
    expect(screen.queryByText('The job was updated successfully.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Location', { exact: false })).toHaveValue('Salem, OR');
    await waitFor(() => expect(boardReads()).toHaveLength(2));

    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(alert).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title', { exact: false })).toHaveValue('Senior Route Coordinator');
    expect(screen.getByLabelText('Company', { exact: false })).toHaveValue('Blue City');
    expect(screen.getByLabelText('Location', { exact: false })).toHaveValue('Portland, OR');

    fill('Location', 'Salem, OR');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The job was updated successfully.')).toBeInTheDocument();
    const [, again] = puts()[1]!;
    expect((again!.headers as Record<string, string>)['if-match']).toBe('"2"');
    expect(JSON.parse(again!.body as string)).toMatchObject({
      title: 'Senior Route Coordinator',
      company: 'Blue City',
      location: 'Salem, OR',
    });
  });
});
