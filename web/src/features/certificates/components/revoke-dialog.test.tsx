import { Notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCertificate } from '../../../test/certificate';
import { renderWithProviders } from '../../../test/render';
import { ReinstateDialog, RevokeDialog } from './revoke-dialog';

describe('RevokeDialog', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses an empty reason, then sends the reason and the e-mail choice', async () => {
    const certificate = makeCertificate({ _id: 'c-1' });
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(makeCertificate({ _id: 'c-1', status: 'Revoked' })), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Notifications />
        <RevokeDialog certificate={certificate} onClose={onClose} />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Revoke certificate' }));
    expect(await screen.findByText('A reason is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Reason', { exact: false }), '  Exam fraud ');
    await user.click(screen.getByLabelText('E-mail the holder'));
    await user.click(screen.getByRole('button', { name: 'Revoke certificate' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/api/certificates/c-1/revoke');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ reason: 'Exam fraud', notifyHolder: false });
    expect(await screen.findByText('Certificate Revoked')).toBeInTheDocument();
  });

  it('shows the server’s refusal and stays open', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'This certificate is already revoked' }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<RevokeDialog certificate={makeCertificate()} onClose={onClose} />);
    await user.type(await screen.findByLabelText('Reason', { exact: false }), 'Twice');
    await user.click(screen.getByRole('button', { name: 'Revoke certificate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This certificate is already revoked');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('reinstates with the e-mail choice', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(makeCertificate({ _id: 'c-2' })), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <ReinstateDialog certificate={makeCertificate({ _id: 'c-2', status: 'Revoked' })} onClose={onClose} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Reinstate' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/api/certificates/c-2/reinstate');
    expect(JSON.parse(init.body as string)).toEqual({ notifyHolder: true });
  });
});
