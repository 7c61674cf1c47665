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

// Issue 35: one section per step. A step opens from the jump list (found by its text: getByRole
// computes the accessibility tree on every call, slow on a busy machine, issue 36).
const open = async (user: ReturnType<typeof userEvent.setup>, title: string) => {
  const nav = screen.getByLabelText('Form sections');
  await user.click(within(nav).getByText(title, { exact: true }).closest('button')!);
};

// The step shown: the section its heading labels.
const section = (title: string) => {
  const heading = screen.getByText(title, { selector: 'h3' });
  return within(document.querySelector<HTMLElement>(`section[aria-labelledby="${heading.id}"]`)!);
};

/** Opens the review and files the report from it: its one Submit button. */
const submit = async (user: ReturnType<typeof userEvent.setup>) => {
  await open(user, 'Review');
  await user.click(screen.getByText('Submit Form').closest('button')!);
};

describe('Report a Homeless form', { timeout: 180_000 }, () => {
  it('toggles checkbox groups, sends Yes/No strings and clears after success', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = stubFetch();
    renderWithProviders(<ReportPage />);
    expect(screen.getByText('(Complete this form for ALL adults)')).toBeInTheDocument();
    expect(screen.getByText('Section 1 of 13')).toBeInTheDocument();
    // The spec's submit button is on the review only.
    expect(screen.queryByText('Submit Form')).not.toBeInTheDocument();

    await open(user, 'Client');
    fireEvent.change(section('Client').getByLabelText('Client Name'), { target: { value: 'Jordan Rivers' } });
    fireEvent.change(section('Client').getByLabelText('Social Security Number'), { target: { value: '372-81-4455' } });
    await user.click(screen.getByText('Next').closest('button')!);
    const demographics = section('Demographics');
    const race = demographics.getByLabelText('Race');
    await user.click(within(race).getByLabelText('White'));
    await user.click(within(race).getByLabelText('Asian or Asian American'));
    await user.click(within(race).getByLabelText('White'));
    await user.click(within(demographics.getByLabelText('Veteran')).getByLabelText('Yes'));
    await open(user, 'Disabilities and Health Insurance');
    await user.click(
      within(section('Disabilities and Health Insurance').getByLabelText('Disabling Condition')).getByLabelText('Yes'),
    );
    await user.click(section('Disabilities and Health Insurance').getByLabelText('HIV/AIDS'));
    await submit(user);

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
    // A new report begins at the first step, empty.
    await waitFor(() => expect(screen.getByText('Section 1 of 13')).toBeInTheDocument());
    await open(user, 'Client');
    expect(section('Client').getByLabelText('Client Name')).toHaveValue('');
    await open(user, 'Demographics');
    expect(
      within(section('Demographics').getByLabelText('Race')).getByLabelText('Asian or Asian American'),
    ).not.toBeChecked();
  });

  it('shows the review of the answers, section by section, each with its Edit link', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch();
    renderWithProviders(<ReportPage />);
    await open(user, 'Client');
    fireEvent.change(section('Client').getByLabelText('Client Name'), { target: { value: 'Jordan Rivers' } });
    await open(user, 'Review');
    const review = section('Review');
    const client = within(review.getByText('Client', { selector: 'h4' }).closest('section')!);
    expect(client.getByText('Client Name')).toBeInTheDocument();
    expect(client.getByText('Jordan Rivers')).toBeInTheDocument();
    expect(
      within(review.getByText('Education', { selector: 'h4' }).closest('section')!).getByText('No answers'),
    ).toBeInTheDocument();
    await user.click(review.getByLabelText('Edit Client'));
    expect(section('Client').getByLabelText('Client Name')).toHaveValue('Jordan Rivers');
  });

  it('never files the report on Enter: in a one-line field it moves on to the next field', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = stubFetch();
    renderWithProviders(<ReportPage />);
    await open(user, 'Client');
    const client = section('Client');
    await user.type(client.getByLabelText('Client Name'), 'Jordan{Enter}');
    expect(client.getByLabelText('HV/IS Client ID')).toHaveFocus();
    await open(user, 'Review');
    await user.keyboard('{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks a dependent question once its answer applies, and sends it empty once it no longer does', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = stubFetch();
    renderWithProviders(<ReportPage />);
    await open(user, 'Domestic Violence');
    const dv = () => section('Domestic Violence');
    expect(dv().queryByLabelText('When Did It Occur')).not.toBeInTheDocument();
    await user.click(within(dv().getByLabelText('Victim of Domestic Violence')).getByLabelText('Yes'));
    fireEvent.change(dv().getByLabelText('When Did It Occur'), { target: { value: '3To6Months' } });
    await user.click(within(dv().getByLabelText('Victim of Domestic Violence')).getByLabelText('No'));
    expect(dv().queryByLabelText('When Did It Occur')).not.toBeInTheDocument();
    await submit(user);

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(body.domesticViolence).toEqual({ isVictim: 'No', whenOccurred: '', currentlyFleeing: '' });
  });

  it('shows the message next to a malformed field and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = stubFetch();
    renderWithProviders(<ReportPage />);
    await open(user, 'Living Situation and History');
    fireEvent.change(section('Living Situation and History').getByLabelText('ZIP Code of Last Permanent Address'), {
      target: { value: '123' },
    });
    await submit(user);
    // The step with the problem opens again.
    expect(await screen.findByText('Enter a 5-digit ZIP code')).toBeInTheDocument();
    expect(section('Living Situation and History').getByLabelText('ZIP Code of Last Permanent Address')).toHaveValue(
      '123',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the submission fails', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch(500, { message: 'Something went wrong. Please try again.' });
    renderWithProviders(<ReportPage />);
    await open(user, 'Client');
    fireEvent.change(section('Client').getByLabelText('Client Name'), { target: { value: 'Kept Name' } });
    await submit(user);
    await waitFor(() =>
      expect(notificationsShow).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Error', message: 'Unable to submit the form. Please try again.' }),
      ),
    );
    await open(user, 'Client');
    expect(section('Client').getByLabelText('Client Name')).toHaveValue('Kept Name');
  });

  it('keeps the media inputs disabled until the client consents, and fills ROI signed from the consent', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch();
    renderWithProviders(<ReportPage />);
    const consent = () => section('Consent');
    const media = () => section('Image and Video');
    await open(user, 'Image and Video');
    expect(media().getByLabelText('Image')).toBeDisabled();
    expect(media().getByLabelText('Video')).toBeDisabled();
    expect(screen.getByText('Needs the client’s consent to photos')).toBeInTheDocument();
    expect(media().getByLabelText('Image')).toHaveAttribute('capture', 'environment');
    await open(user, 'Consent');
    await user.click(within(consent().getByLabelText('Consent to Photos')).getByLabelText('Yes'));
    await open(user, 'Image and Video');
    expect(media().getByLabelText('Image')).toBeEnabled();
    expect(media().getByLabelText('Video')).toBeDisabled();
    await open(user, 'Consent');
    await user.click(within(consent().getByLabelText('Consent to Photos')).getByLabelText('No'));
    await open(user, 'Image and Video');
    expect(media().getByLabelText('Image')).toBeDisabled();

    await open(user, 'Consent');
    await user.click(within(consent().getByLabelText('Consent to Share with HMIS')).getByLabelText('Yes'));
    fireEvent.change(consent().getByLabelText('Consent Method'), { target: { value: 'Signed' } });
    await open(user, 'Client');
    await waitFor(() =>
      expect(
        within(section('Client').getByLabelText('Release of Information Signed')).getByLabelText('Yes'),
      ).toBeChecked(),
    );
    await open(user, 'Consent');
    fireEvent.change(consent().getByLabelText('Consent Method'), { target: { value: 'Verbal with a witness' } });
    expect(consent().getByLabelText('Witness Name')).toBeInTheDocument();
    await open(user, 'Client');
    await waitFor(() =>
      expect(
        within(section('Client').getByLabelText('Release of Information Signed')).getByLabelText('No'),
      ).toBeChecked(),
    );
  });

  it('sends the HMIS details, a partial SSN with x among them', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = stubFetch();
    renderWithProviders(<ReportPage />);
    await open(user, 'Client');
    fireEvent.change(section('Client').getByLabelText('Social Security Number'), { target: { value: 'xxx-x1-4455' } });
    await open(user, 'HMIS details');
    const hmis = section('HMIS details');
    fireEvent.change(hmis.getByLabelText('SSN Data Quality'), {
      target: { value: 'Approximate or partial SSN reported' },
    });
    fireEvent.change(hmis.getByLabelText('First Name'), { target: { value: 'Jordan' } });
    fireEvent.change(hmis.getByLabelText('Sex'), { target: { value: 'Client prefers not to answer' } });
    fireEvent.change(hmis.getByLabelText('Veteran Status Unanswered'), { target: { value: "Client doesn't know" } });
    fireEvent.change(hmis.getByLabelText('Date of Engagement'), { target: { value: '2026-11-20' } });
    fireEvent.change(hmis.getByLabelText('Current Living Situation'), { target: { value: 'Safe Haven' } });
    await submit(user);

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(body).toMatchObject({
      ssn: 'xxxx14455',
      veteran: '',
      hmis: {
        firstName: 'Jordan',
        ssnDataQuality: 'Approximate or partial SSN reported',
        sex: 'Client prefers not to answer',
        veteranMissing: "Client doesn't know",
        dateOfEngagement: '2026-11-20',
        currentLivingSituation: 'Safe Haven',
      },
    });
  });

  it('refuses a reason for a missing answer next to the answer, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = stubFetch();
    renderWithProviders(<ReportPage />);
    await open(user, 'Demographics');
    await user.click(within(section('Demographics').getByLabelText('Veteran')).getByLabelText('Yes'));
    await open(user, 'HMIS details');
    fireEvent.change(section('HMIS details').getByLabelText('Veteran Status Unanswered'), {
      target: { value: 'Data not collected' },
    });
    await submit(user);
    expect(await screen.findByText('Answered above: leave this empty, or clear the answer')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
