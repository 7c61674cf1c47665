import { Notifications, notifications } from '@mantine/notifications';
import {
  DEFAULT_RECERTIFICATION_RULES,
  RENEWAL_MESSAGES,
  type RenewalDetail,
  type RenewalListItem,
} from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import RenewalsPage from './renewals-page';

afterEach(() => notifications.clean());

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const item = (n: number, extra: Partial<RenewalListItem> = {}): RenewalListItem => ({
  _id: id(n),
  certificateId: id(100 + n),
  certificateNo: `CRA-${n}`,
  certificateName: 'Certified Recycling Advocate',
  holderName: `Holder ${n}`,
  holderEmail: `holder${n}@example.org`,
  status: 'Submitted',
  countedHours: 20,
  validTill: '2027-01-15T00:00:00.000Z',
  submittedAt: '2026-11-01T10:00:00.000Z',
  decidedAt: null,
  reason: '',
  activityCount: 3,
  withoutEvidence: 0,
  ...extra,
});
const ITEMS = [item(1, { status: 'Audit', withoutEvidence: 1 }), item(2), item(3, { status: 'Approved' })];
const DETAIL: RenewalDetail = {
  ...ITEMS[0]!,
  activities: [
    {
      _id: id(201),
      certificateId: id(101),
      title: 'Sorting workshop',
      provider: 'County Recycling Academy',
      completedOn: '2026-10-01',
      hours: 8,
      category: 'practice',
      evidenceUrl: `/api/files/${id(301)}`,
      status: 'Pending',
      rejectionReason: '',
      locked: true,
      createdAt: '2026-10-02T10:00:00.000Z',
    },
    {
      _id: id(202),
      certificateId: id(101),
      title: 'Outreach fair',
      provider: 'City',
      completedOn: '2026-09-01',
      hours: 4,
      category: 'outreach',
      evidenceUrl: '',
      status: 'Pending',
      rejectionReason: '',
      locked: true,
      createdAt: '2026-09-02T10:00:00.000Z',
    },
  ],
};

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const conflict = (message: string) => json({ message }, 409);

describe('RenewalsPage', () => {
  const fetchMock = vi.fn();
  /** Answers by method and path; a POST not set up here fails the test. */
  const posts = new Map<string, () => Response>();
  beforeEach(() => {
    posts.clear();
    fetchMock.mockReset();
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      const path = url.split('?')[0]!;
      if (init?.method === 'POST') {
        const answer = posts.get(path);
        if (!answer) throw new Error(`unexpected POST ${path}`);
        return Promise.resolve(answer());
      }
      if (path === '/api/settings/recertification') return Promise.resolve(json(DEFAULT_RECERTIFICATION_RULES));
      if (path === '/api/renewals') return Promise.resolve(json(ITEMS, 200, { 'x-total-count': '3' }));
      if (path === `/api/renewals/${id(1)}`) return Promise.resolve(json(DETAIL));
      throw new Error(`unexpected GET ${url}`);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const render = async () => {
    renderWithProviders(
      <>
        <Notifications />
        <RenewalsPage />
      </>,
    );
    return screen.findByRole('article', { name: 'Renewal of CRA-1' });
  };
  const postsTo = (path: string) =>
    fetchMock.mock.calls.filter(([url, init]) => url === path && (init as RequestInit | undefined)?.method === 'POST');

  it('lists the queue; only open applications can be ticked and reviewed', async () => {
    const audit = await render();
    expect(fetchMock.mock.calls.map(([url]) => url as string)).toContain('/api/renewals?offset=0&limit=12');
    expect(within(audit).getByText('Audit')).toBeInTheDocument();
    expect(within(audit).getByText('Activities: 3, 1 without evidence')).toBeInTheDocument();
    expect(within(audit).getByRole('checkbox', { name: 'Select renewal of CRA-1' })).toBeInTheDocument();
    expect(within(audit).getByRole('button', { name: 'Review' })).toBeInTheDocument();
    const closed = screen.getByRole('article', { name: 'Renewal of CRA-3' });
    expect(within(closed).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(closed).getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/renewals/export.csv');
  });

  it("shows an application's activities with their evidence, and the server's 409 on approving", async () => {
    const audit = await render();
    const user = userEvent.setup();
    await user.click(within(audit).getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renewal of CRA-1' });
    const workshop = await within(dialog).findByRole('article', { name: 'Sorting workshop' });
    const evidence = within(workshop).getByRole('link', { name: 'View evidence of Sorting workshop' });
    expect(evidence).toHaveAttribute('href', `/api/files/${id(301)}`);
    expect(evidence).toHaveAttribute('target', '_blank');
    // The category's name from the rules.
    expect(within(workshop).getByText(/Recycling practice/)).toBeInTheDocument();
    expect(within(dialog).getByRole('article', { name: 'Outreach fair' })).toHaveTextContent('No evidence');

    posts.set(`/api/renewals/${id(1)}/approve`, () => conflict(RENEWAL_MESSAGES.evidenceMissing));
    await user.click(within(dialog).getByRole('button', { name: 'Approve application' }));
    const refusal = await within(dialog).findByText(RENEWAL_MESSAGES.evidenceMissing);
    expect(refusal.closest('[role="alert"]')).toHaveTextContent('Not decided');
    expect(postsTo(`/api/renewals/${id(1)}/approve`)).toHaveLength(1);
  });

  it('rejects an activity only with a reason', async () => {
    const audit = await render();
    const user = userEvent.setup();
    await user.click(within(audit).getByRole('button', { name: 'Review' }));
    const workshop = await screen.findByRole('article', { name: 'Sorting workshop' });
    await user.click(within(workshop).getByRole('button', { name: 'Reject Sorting workshop' }));
    await user.click(within(workshop).getByRole('button', { name: 'Reject activity' }));
    expect(await within(workshop).findByText('Reason is required')).toBeInTheDocument();
    posts.set(`/api/ce-activities/${id(201)}/reject`, () =>
      json({ ...DETAIL.activities[0], status: 'Rejected', rejectionReason: 'No certificate of attendance' }),
    );
    await user.type(
      within(workshop).getByRole('textbox', { name: 'Reason for rejecting Sorting workshop' }),
      'No certificate of attendance',
    );
    await user.click(within(workshop).getByRole('button', { name: 'Reject activity' }));
    expect(await screen.findByText('Activity rejected')).toBeInTheDocument();
    const [call] = postsTo(`/api/ce-activities/${id(201)}/reject`);
    expect(JSON.parse((call![1] as RequestInit).body as string)).toEqual({ reason: 'No certificate of attendance' });
  });

  it('approves the ticked applications one after the other and lists the refusals', async () => {
    await render();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select renewal of CRA-1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select renewal of CRA-2' }));
    posts.set(`/api/renewals/${id(1)}/approve`, () => conflict(RENEWAL_MESSAGES.evidenceMissing));
    posts.set(`/api/renewals/${id(2)}/approve`, () => json({ id: id(2), status: 'Approved' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve applications' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve 2 applications' }));
    expect(await within(dialog).findByText('1 of 2 applications approved.')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list', { name: 'Not approved' })).getByRole('listitem')).toHaveTextContent(
      `CRA-1: ${RENEWAL_MESSAGES.evidenceMissing}`,
    );
    expect(postsTo(`/api/renewals/${id(1)}/approve`)).toHaveLength(1);
    expect(postsTo(`/api/renewals/${id(2)}/approve`)).toHaveLength(1);
  });
});
