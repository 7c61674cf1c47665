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

// A field is found by its label inside its section. Over the whole form, getByLabelText takes
// seconds in jsdom: each of some 500 labelable elements looks for its labels across the document.
// The section is the one its heading labels; found without getByRole, which computes the
// accessibility tree of the whole form on every call (minutes on a busy machine, issue 36).
const section = (title: string) => {
  const heading = screen.getByText(title, { selector: 'h3' });
  return within(document.querySelector<HTMLElement>(`section[aria-labelledby="${heading.id}"]`)!);
};

describe('Report a Homeless form', { timeout: 180_000 }, () => {
  it('toggles checkbox groups, sends Yes/No strings and clears after success', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = stubFetch();
    renderWithProviders(<ReportPage />);
    expect(screen.getByText('(Complete this form for ALL adults)')).toBeInTheDocument();

    const client = section('Client');
    const demographics = section('Demographics');
    fireEvent.change(client.getByLabelText('Client Name'), { target: { value: 'Jordan Rivers' } });
    fireEvent.change(client.getByLabelText('Social Security Number'), { target: { value: '372-81-4455' } });
    const race = demographics.getByLabelText('Race');
    await user.click(within(race).getByLabelText('White'));
    await user.click(within(race).getByLabelText('Asian or Asian American'));
    await user.click(within(race).getByLabelText('White'));
    await user.click(within(demographics.getByLabelText('Veteran')).getByLabelText('Yes'));
    await user.click(section('Disabilities and Health Insurance').getByLabelText('HIV/AIDS'));
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
    await waitFor(() => expect(client.getByLabelText('Client Name')).toHaveValue(''));
    expect(within(race).getByLabelText('Asian or Asian American')).not.toBeChecked();
  });

  it('shows the message next to a malformed field and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = stubFetch();
    renderWithProviders(<ReportPage />);
    fireEvent.change(section('Living Situation and History').getByLabelText('ZIP Code of Last Permanent Address'), {
      target: { value: '123' },
    });
    await user.click(submitButton());
    expect(await screen.findByText('Enter a 5-digit ZIP code')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the submission fails', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch(500, { message: 'Something went wrong. Please try again.' });
    renderWithProviders(<ReportPage />);
    const client = section('Client');
    fireEvent.change(client.getByLabelText('Client Name'), { target: { value: 'Kept Name' } });
    await user.click(submitButton());
    await waitFor(() =>
      expect(notificationsShow).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Error', message: 'Unable to submit the form. Please try again.' }),
      ),
    );
    expect(client.getByLabelText('Client Name')).toHaveValue('Kept Name');
  });

  it('keeps the media inputs disabled until the client consents, and fills ROI signed from the consent', async () => {
    const user = userEvent.setup({ delay: null });
    stubFetch();
    renderWithProviders(<ReportPage />);
    const consent = section('Consent');
    const media = section('Image and Video');
    const image = media.getByLabelText('Image');
    const video = media.getByLabelText('Video');
    expect(image).toBeDisabled();
    expect(video).toBeDisabled();
    expect(screen.getByText('Needs the client’s consent to photos')).toBeInTheDocument();
    await user.click(within(consent.getByLabelText('Consent to Photos')).getByLabelText('Yes'));
    expect(image).toBeEnabled();
    expect(video).toBeDisabled();
    await user.click(within(consent.getByLabelText('Consent to Photos')).getByLabelText('No'));
    expect(image).toBeDisabled();

    const roi = section('Client').getByLabelText('Release of Information Signed');
    await user.click(within(consent.getByLabelText('Consent to Share with HMIS')).getByLabelText('Yes'));
    fireEvent.change(consent.getByLabelText('Consent Method'), { target: { value: 'Signed' } });
    await waitFor(() => expect(within(roi).getByLabelText('Yes')).toBeChecked());
    fireEvent.change(consent.getByLabelText('Consent Method'), { target: { value: 'Verbal with a witness' } });
    await waitFor(() => expect(within(roi).getByLabelText('No')).toBeChecked());
  });

  it('sends the HMIS details, a partial SSN with x among them', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchMock = stubFetch();
    renderWithProviders(<ReportPage />);
    const hmis = section('HMIS details');
    fireEvent.change(section('Client').getByLabelText('Social Security Number'), { target: { value: 'xxx-x1-4455' } });
    fireEvent.change(hmis.getByLabelText('SSN Data Quality'), {
      target: { value: 'Approximate or partial SSN reported' },
    });
    fireEvent.change(hmis.getByLabelText('First Name'), { target: { value: 'Jordan' } });
    fireEvent.change(hmis.getByLabelText('Sex'), { target: { value: 'Client prefers not to answer' } });
    fireEvent.change(hmis.getByLabelText('Veteran Status Unanswered'), { target: { value: "Client doesn't know" } });
    fireEvent.change(hmis.getByLabelText('Date of Engagement'), { target: { value: '2026-11-20' } });
    fireEvent.change(hmis.getByLabelText('Current Living Situation'), { target: { value: 'Safe Haven' } });
    await user.click(submitButton());

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
    await user.click(within(section('Demographics').getByLabelText('Veteran')).getByLabelText('Yes'));
    fireEvent.change(section('HMIS details').getByLabelText('Veteran Status Unanswered'), {
      target: { value: 'Data not collected' },
    });
    await user.click(submitButton());
    expect(await screen.findByText('Answered above: leave this empty, or clear the answer')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
