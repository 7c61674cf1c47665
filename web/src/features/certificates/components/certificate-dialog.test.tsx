import { Notifications } from '@mantine/notifications';
import { AWARDED_ON_MESSAGES, type Certificate, EDIT_CONFLICT_MESSAGE } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCertificate } from '../../../test/certificate';
import { renderWithProviders } from '../../../test/render';
import { localToday } from '../../../lib/dates';
import { awardedOnIssue, CertificateDialog } from './certificate-dialog';

const existing: Certificate = makeCertificate({
  certificateNo: 'CRA-001',
  status: 'Inactive',
  holderName: '',
});

/** Opens the dialog in create or edit mode, as the admin page does. */
function Harness() {
  const [state, setState] = useState<{ opened: boolean; certificate: Certificate | null }>({
    opened: false,
    certificate: null,
  });
  return (
    <>
      <Notifications />
      <button onClick={() => setState({ opened: true, certificate: null })}>open create</button>
      <button onClick={() => setState({ opened: true, certificate: existing })}>open edit</button>
      <CertificateDialog
        opened={state.opened}
        certificate={state.certificate}
        onClose={() => setState({ opened: false, certificate: null })}
      />
    </>
  );
}

const value = (label: string) => (screen.getByLabelText(label, { exact: false }) as HTMLInputElement).value;

// Typing through user-event in jsdom is slow on the shared machines; allow it time.
describe('CertificateDialog', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('prefills in edit mode (validTill cut to 10 characters) and resets to defaults after closing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    await user.click(screen.getByRole('button', { name: 'open edit' }));
    expect(await screen.findByText('Edit Certificate')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(value('User Email')).toBe('holder@example.org');
    expect(value('Certificate No')).toBe('CRA-001');
    expect(value('Valid Till')).toBe('2031-06-15');
    expect(value('Status')).toBe('Inactive');

    await user.clear(screen.getByLabelText('Name', { exact: false }));
    await user.type(screen.getByLabelText('Name', { exact: false }), 'Changed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Edit Certificate')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'open create' }));
    expect(await screen.findByText('Add Certificate')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(value('User Email')).toBe('');
    expect(value('Name')).toBe('');
    expect(value('Valid Till')).toBe('');
    expect(value('Status')).toBe('Active');
  });

  it('refuses a malformed e-mail with the toast of spec §5 and saves nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'open create' }));
    await user.type(await screen.findByLabelText('User Email', { exact: false }), 'not-an-email');
    await user.type(screen.getByLabelText('Certificate No', { exact: false }), 'CRA-9');
    await user.type(screen.getByLabelText('Name', { exact: false }), 'Advocate');
    await user.type(screen.getByLabelText('Valid Till', { exact: false }), '2030-01-31');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Invalid Email')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the required fields and saves nothing when they are empty', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'open create' }));
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Certificate No is required')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Valid till is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('CertificateDialog: the award date (issue 31)', () => {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>();
  const sent = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT')
      .map(([, init]) => JSON.parse(init!.body as string) as Record<string, unknown>);
  const inDays = (days: number) => localToday(new Date(Date.now() + days * 86_400_000));

  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (_path, init) =>
      answer(init?.method === 'POST' ? 201 : 200, init?.method ? existing : []),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const fill = (label: string, text: string) =>
    fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value: text } });
  async function openCreate(awardedOn: string, validTill = '2030-01-31') {
    fireEvent.click(screen.getByRole('button', { name: 'open create' }));
    await screen.findByText('Add Certificate');
    fill('User Email', 'holder@example.org');
    fill('Certificate No', 'CRA-9');
    fill('Name', 'Advocate');
    fill('Valid Till', validTill);
    fill('Awarded on', awardedOn);
  }

  it('is a date input, prefilled with the day in edit mode, sent when given and left out when empty', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'open edit' }));
    await screen.findByText('Edit Certificate');
    expect(screen.getByLabelText('Awarded on', { exact: false })).toHaveAttribute('type', 'date');
    expect(value('Awarded on')).toBe(existing.awardedOn.slice(0, 10));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Edit Certificate')).not.toBeInTheDocument());

    await openCreate('2020-05-05');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('The certificate has been created successfully.');
    await openCreate('');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[0]).toMatchObject({ certificateNo: 'CRA-9', awardedOn: '2020-05-05' });
    expect(sent()[1]).not.toHaveProperty('awardedOn');
  });

  it('refuses a day in the future or after Valid till, as the server does, and saves nothing', async () => {
    renderWithProviders(<Harness />);
    await openCreate(inDays(2));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(AWARDED_ON_MESSAGES.future)).toBeInTheDocument();
    fill('Valid Till', '2020-01-31');
    fill('Awarded on', '2020-02-01');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(AWARDED_ON_MESSAGES.afterValidTill)).toBeInTheDocument();
    expect(sent()).toEqual([]);
    // The last day it is valid is fine.
    fill('Awarded on', '2020-01-31');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
  });

  it('holds the day a certificate keeps against a Valid till the edit moves before it', () => {
    const kept = { awardedOn: '2024-03-15T10:00:00.000Z', validTill: '2030-01-31T23:59:59.999Z' };
    const today = '2026-11-27';
    expect(awardedOnIssue({ awardedOn: '2024-03-15', validTill: '2024-03-14' }, kept, today)).toEqual({
      path: 'validTill',
      message: AWARDED_ON_MESSAGES.afterValidTill,
    });
    expect(awardedOnIssue({ awardedOn: '2024-03-15', validTill: '2024-03-15' }, kept, today)).toBeUndefined();
    expect(awardedOnIssue({ awardedOn: '2026-11-28', validTill: '2030-01-31' }, kept, today)).toEqual({
      path: 'awardedOn',
      message: AWARDED_ON_MESSAGES.future,
    });
    expect(awardedOnIssue({ awardedOn: '2026-11-27', validTill: '2030-01-31' }, kept, today)).toBeUndefined();
    // A certificate recorded after it lapsed keeps its day while nothing moves it.
    const late = { awardedOn: '2026-11-01T00:00:00.000Z', validTill: '2026-10-28T23:59:59.999Z' };
    expect(awardedOnIssue({ awardedOn: '2026-11-01', validTill: '2026-10-28' }, late, today)).toBeUndefined();
  });
});

describe('CertificateDialog: a certificate someone else saved meanwhile (issue 16)', () => {
  const theirs: Certificate = { ...existing, name: 'Master Recycling Advocate', status: 'Active', version: 2 };
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>();
  const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
  const ifMatch = (i: number) => (puts()[i]![1]!.headers as Record<string, string>)['if-match'];

  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (_path, init) => {
      if (init?.method !== 'PUT') return answer(200, []);
      return puts().length === 1
        ? answer(412, { message: EDIT_CONFLICT_MESSAGE, current: theirs })
        : answer(200, {
            ...theirs,
            holderName: (JSON.parse(init.body as string) as Certificate).holderName,
            version: 3,
          });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('saves nothing, shows their values, and saves on top of them after Reload', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'open edit' }));
    await screen.findByText('Edit Certificate');
    fireEvent.change(screen.getByLabelText('Holder', { exact: false }), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    const alert = await screen.findByRole('alert', {
      name: 'Someone else changed this certificate since you opened it.',
    });
    const values = within(alert).getByRole('list', { name: 'Their values' });
    expect(values).toHaveTextContent('Name: Master Recycling Advocate');
    expect(values).toHaveTextContent('Status: Active');
    expect(ifMatch(0)).toBe('"1"');
    expect(screen.queryByText('The certificate has been updated successfully.')).not.toBeInTheDocument();
    expect(value('Holder')).toBe('Ada Lovelace');

    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(value('Name')).toBe('Master Recycling Advocate');
    expect(value('Status')).toBe('Active');
    fireEvent.change(screen.getByLabelText('Holder', { exact: false }), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The certificate has been updated successfully.')).toBeInTheDocument();
    expect(ifMatch(1)).toBe('"2"');
    expect(JSON.parse(puts()[1]![1]!.body as string)).toMatchObject({
      name: 'Master Recycling Advocate',
      status: 'Active',
      holderName: 'Ada Lovelace',
    });
  });
});
