import { HMIS_EXPORT_MESSAGES, type HmisExportCheck, type HmisExportRecord, MFA_MESSAGES } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStepUpConfirm } from '../../../lib/step-up';
import { renderWithProviders } from '../../../test/render';
import HmisExportPage from './hmis-export-page';

const JORDAN = '00000000-0000-4000-8000-000000000001';
const SAM = '00000000-0000-4000-8000-000000000002';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const clean = (extra: Partial<HmisExportCheck> = {}): HmisExportCheck => ({
  from: '2026-03-01',
  to: '2026-03-15',
  reports: 2,
  withoutConsent: 1,
  excluded: 0,
  counts: { 'Client.csv': 2, 'Enrollment.csv': 2, 'Export.csv': 1, 'Funder.csv': 0 },
  problems: [],
  ...extra,
});

const withProblems = clean({
  problems: [
    {
      reportId: JORDAN,
      clientName: 'Jordan Rivers',
      file: 'Client.csv',
      column: 'DOB',
      message: 'DOB is in the future',
    },
    {
      reportId: JORDAN,
      clientName: 'Jordan Rivers',
      file: 'Enrollment.csv',
      column: 'EntryDate',
      message: 'EntryDate is missing',
    },
  ],
});

const record: HmisExportRecord = {
  _id: 'a1',
  actorEmail: 'erin.admin@example.org',
  createdAt: '2026-03-15T10:00:00.000Z',
  from: '2026-03-01',
  to: '2026-03-15',
  reason: 'Quarterly CoC upload',
  counts: { 'Client.csv': 2, 'Enrollment.csv': 2, 'Export.csv': 1 },
};

type Handler = (body: Record<string, unknown>) => Response;

/** The server: the check and the export answer what each test says; the history lists `past`. */
function server(check: Handler[], exportAnswer?: Handler) {
  let past: HmisExportRecord[] = [];
  return vi.fn(async (path: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
    if (path === '/api/exports/hmis/check' && init?.method === 'POST') {
      const next = check.length > 1 ? check.shift()! : check[0]!;
      return next(body);
    }
    if (path === '/api/exports/hmis' && init?.method === 'POST') {
      const res = exportAnswer!(body);
      if (res.ok) past = [record];
      return res;
    }
    if (path === '/api/exports/hmis') return json({ items: past });
    return json({ message: 'Not found' }, 404);
  });
}

const calls = (fetchMock: ReturnType<typeof server>, path: string, method = 'POST') =>
  fetchMock.mock.calls
    .filter(([p, init]) => p === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => (init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {}));

const downloadButton = () => screen.getByRole('button', { name: 'Download zip' });

async function checkPeriod() {
  fireEvent.click(screen.getByRole('button', { name: 'Check' }));
  return screen.findByRole('table', { name: 'Rows per file' });
}

function fillDownload(reason: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Reason' }), { target: { value: reason } });
}

describe('HmisExportPage (issue 17, part 3)', () => {
  beforeEach(() => {
    // Only the clock: the default period is this month so far.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('checks this month by default and shows the counts per file and the problems by report', async () => {
    const fetchMock = server([() => json(withProblems)]);
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<HmisExportPage />);

    expect(screen.getByLabelText(/^From/)).toHaveValue('2026-03-01');
    expect(screen.getByLabelText(/^To/)).toHaveValue('2026-03-15');
    expect(await screen.findByText('No exports yet.')).toBeInTheDocument();
    expect(downloadButton()).toBeDisabled();

    const counts = await checkPeriod();
    expect(calls(fetchMock, '/api/exports/hmis/check')).toEqual([
      { from: '2026-03-01', to: '2026-03-15', exclude: [] },
    ]);
    expect(within(counts).getByRole('row', { name: 'Client.csv 2' })).toBeInTheDocument();
    expect(within(counts).getByRole('row', { name: 'Funder.csv 0' })).toBeInTheDocument();
    expect(within(counts).getByRole('row', { name: 'Total 5' })).toBeInTheDocument();
    expect(screen.getByText('Reports to export').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Reports without consent (never exported)').nextSibling).toHaveTextContent('1');

    const problems = screen.getByRole('table', { name: 'Problems' });
    expect(within(problems).getByText('DOB is in the future')).toBeInTheDocument();
    expect(within(problems).getByText('EntryDate')).toBeInTheDocument();
    // One box per report, not per problem.
    expect(within(problems).getAllByRole('checkbox')).toHaveLength(1);
    expect(downloadButton()).toBeDisabled();
  });

  it('checks again without the excluded report, then allows the download', async () => {
    const fetchMock = server([() => json(withProblems), () => json(clean({ reports: 1, excluded: 1 }))]);
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<HmisExportPage />);
    await checkPeriod();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Exclude Jordan Rivers' }));
    expect(await screen.findByText('No problems left: the period can be exported.')).toBeInTheDocument();
    expect(calls(fetchMock, '/api/exports/hmis/check')[1]).toEqual({
      from: '2026-03-01',
      to: '2026-03-15',
      exclude: [JORDAN],
    });
    // Still listed with its problems, ticked: unticking would put it back.
    const problems = screen.getByRole('table', { name: 'Problems' });
    expect(within(problems).getByRole('checkbox', { name: 'Exclude Jordan Rivers' })).toBeChecked();
    expect(within(problems).getByText('DOB is in the future')).toBeInTheDocument();
    expect(within(problems).getByText('Excluded from this export')).toBeInTheDocument();
    expect(screen.getByText('Excluded').nextSibling).toHaveTextContent('1');
    expect(downloadButton()).toBeEnabled();

    // Unticked, it is in the export again.
    fireEvent.click(within(problems).getByRole('checkbox', { name: 'Exclude Jordan Rivers' }));
    await waitFor(() => expect(calls(fetchMock, '/api/exports/hmis/check')).toHaveLength(3));
    expect(calls(fetchMock, '/api/exports/hmis/check')[2]).toMatchObject({ exclude: [] });
    await waitFor(() => expect(downloadButton()).toBeEnabled());

    // A new period needs a new check.
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: '2026-02-01' } });
    expect(downloadButton()).toBeDisabled();
  });

  it('downloads the zip with the reason, saves it under the server’s name, and lists it', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
    const fetchMock = server(
      [() => json(clean())],
      () =>
        new Response(zip, {
          status: 200,
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="hmis-csv-fy2026_2026-03-01_2026-03-15.zip"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:http://localhost/zip');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    renderWithProviders(<HmisExportPage />);
    await checkPeriod();

    fillDownload('Quarterly CoC upload');
    fireEvent.click(downloadButton());

    await waitFor(() =>
      expect(saved).toEqual([
        { href: 'blob:http://localhost/zip', download: 'hmis-csv-fy2026_2026-03-01_2026-03-15.zip' },
      ]),
    );
    expect(calls(fetchMock, '/api/exports/hmis')).toEqual([
      {
        from: '2026-03-01',
        to: '2026-03-15',
        exclude: [],
        reason: 'Quarterly CoC upload',
      },
    ]);
    expect(createObjectURL.mock.calls[0]![0].size).toBe(zip.length);
    // The past exports are read again.
    const past = await screen.findByRole('table', { name: 'Past exports' });
    expect(within(past).getByText('Quarterly CoC upload')).toBeInTheDocument();
    expect(within(past).getByText('2026-03-01 to 2026-03-15')).toBeInTheDocument();
    expect(within(past).getByRole('cell', { name: '5' })).toBeInTheDocument();
  });

  it('asks for a step-up when the server wants one (issue 19), then downloads; cancelled, it says why', async () => {
    let answered = 0;
    const fetchMock = server([() => json(clean())], () =>
      answered++ === 0
        ? json({ message: MFA_MESSAGES.stepUp, stepUp: true }, 401)
        : new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
            status: 200,
            headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="x.zip"' },
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const confirm = vi.fn(() => Promise.resolve(true));
    const unregister = setStepUpConfirm(confirm);
    try {
      renderWithProviders(<HmisExportPage />);
      await checkPeriod();
      fillDownload('Quarterly CoC upload');
      fireEvent.click(downloadButton());
      await waitFor(() => expect(calls(fetchMock, '/api/exports/hmis')).toHaveLength(2));
      expect(confirm).toHaveBeenCalledTimes(1);

      answered = 0;
      confirm.mockResolvedValueOnce(false);
      fireEvent.click(downloadButton());
      expect(await screen.findByText(MFA_MESSAGES.stepUp)).toBeInTheDocument();
      expect(calls(fetchMock, '/api/exports/hmis')).toHaveLength(3);
    } finally {
      unregister();
    }
  });

  it('asks for a reason before calling the server', async () => {
    const fetchMock = server([() => json(clean())]);
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<HmisExportPage />);
    await checkPeriod();

    fireEvent.click(downloadButton());
    expect(await screen.findByText(HMIS_EXPORT_MESSAGES.reason)).toBeInTheDocument();
    expect(calls(fetchMock, '/api/exports/hmis')).toHaveLength(0);
  });

  it('shows the server’s field issues and the problems of a refused export', async () => {
    const fetchMock = server([() => json(clean())], (body) =>
      body.reason === 'x'
        ? json({ message: 'reason: Too short', issues: [{ path: 'reason', message: 'Too short' }] }, 400)
        : json(
            {
              message: HMIS_EXPORT_MESSAGES.problems,
              ...clean({
                problems: [
                  { reportId: SAM, clientName: 'Sam Lee', file: 'Client.csv', column: 'SSN', message: 'Bad SSN' },
                ],
              }),
            },
            422,
          ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<HmisExportPage />);
    await checkPeriod();

    fillDownload('x');
    fireEvent.click(downloadButton());
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(/Too short/),
    );

    fillDownload('Quarterly CoC upload');
    fireEvent.click(downloadButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(HMIS_EXPORT_MESSAGES.problems);
    expect(within(screen.getByRole('table', { name: 'Problems' })).getByText('Bad SSN')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Exclude Sam Lee' })).toBeInTheDocument();
    expect(downloadButton()).toBeDisabled();
  });
});
