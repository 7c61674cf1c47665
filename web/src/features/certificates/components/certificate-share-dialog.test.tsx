import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCertificate } from '../../../test/certificate';
import { renderWithProviders } from '../../../test/render';
import { CertificateShareDialog } from './certificate-share-dialog';

const config = {
  productName: 'Certified Recycling Advocate',
  boardName: 'Oregon Recycling Board',
  supportEmail: 's@example.org',
  boardUrl: 'https://board.example',
  renewalUrl: 'https://board.example/renew',
  chatUrl: 'https://chat.example',
  adminMfa: 'optional',
  arabicDigits: 'latin',
  recertification: 'external',
  renewalTimes: { expiringDays: 60, graceDays: 30 },
};

describe('CertificateShareDialog', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(config), { headers: { 'content-type': 'application/json' } })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the verification link, its QR code, the downloads and LinkedIn’s Add to profile', async () => {
    const certificate = makeCertificate({ _id: 'abc', certificateNo: 'CRA-7', verificationViews: 3 });
    renderWithProviders(<CertificateShareDialog certificate={certificate} onClose={() => {}} />);

    expect(await screen.findByRole('link', { name: certificate.verificationUrl })).toHaveAttribute(
      'href',
      certificate.verificationUrl,
    );
    expect(screen.getByRole('button', { name: 'Copy verification link' })).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'QR code of the verification link' });
    expect(decodeURIComponent(qr.getAttribute('src')!)).toMatch(/^data:image\/svg\+xml;utf8,<svg/);
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/certificates/abc/pdf');
    expect(screen.getByRole('link', { name: 'Download credential (.json)' })).toHaveAttribute(
      'href',
      '/api/certificates/abc/credential',
    );
    expect(screen.getByText('Opened 3 times by verifiers')).toBeInTheDocument();
    await waitFor(() => {
      const href = new URL(screen.getByRole('link', { name: 'Add to LinkedIn' }).getAttribute('href')!);
      expect(href.searchParams.get('organizationName')).toBe('Oregon Recycling Board');
      expect(href.searchParams.get('certId')).toBe('CRA-7');
      expect(href.searchParams.get('certUrl')).toBe(certificate.verificationUrl);
    });
  });

  it('says so when the certificate is revoked', async () => {
    const certificate = makeCertificate({
      status: 'Revoked',
      revokedAt: '2026-11-01T10:00:00.000Z',
      revocationReason: 'Exam fraud',
    });
    renderWithProviders(<CertificateShareDialog certificate={certificate} onClose={() => {}} />);
    expect(await screen.findByText('This certificate was revoked')).toBeInTheDocument();
    expect(screen.getByText(/Exam fraud/)).toBeInTheDocument();
  });

  it('lets the holder choose what the credential names them by, the certificate number by default (finding F15)', async () => {
    const certificate = makeCertificate({ _id: 'abc' });
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    const fetchMock = vi.fn(async (_path: string, init?: RequestInit) =>
      json(init?.method === 'PUT' ? { ...certificate, credentialIdentifier: 'email', version: 2 } : config),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CertificateShareDialog certificate={certificate} onClose={() => {}} />);

    const group = await screen.findByRole('radiogroup', { name: 'Identify me in the credential by:' });
    const byNumber = within(group).getByRole('radio', { name: 'certificate number' });
    const byEmail = within(group).getByRole('radio', { name: 'e-mail address (hashed)' });
    expect(byNumber).toBeChecked();
    expect(
      screen.getByText(/Anyone who has a list of e-mail addresses can match the hashed e-mail address to you/),
    ).toBeInTheDocument();

    await userEvent.setup().click(byEmail);
    await waitFor(() => expect(byEmail).toBeChecked());
    expect(byNumber).not.toBeChecked();
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]![0]).toBe('/api/certificates/abc/identifier');
    expect(JSON.parse(puts[0]![1]!.body as string)).toEqual({ kind: 'email' });
    expect(await screen.findByText(/Download the credential again/)).toBeInTheDocument();
  });

  it('makes a single-use wallet QR code only when asked, one per wallet path, and a new one on demand (issue 31)', async () => {
    const certificate = makeCertificate({ _id: 'abc' });
    let offers = 0;
    const offer = () => {
      offers += 1;
      return {
        credentialUrl: `https://portal.example/api/wallet/credentials/url-${offers}`,
        openidCredentialOffer: `openid-credential-offer://?credential_offer=offer-${offers}`,
        exchangeUrl: `https://portal.example/api/wallet/exchanges/ex-${offers}`,
        lcwLink: `https://lcw.app/request.html?request=lcw-${offers}`,
        expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      };
    };
    const fetchMock = vi.fn(
      async (path: string) =>
        new Response(JSON.stringify(path.endsWith('/wallet-offer') ? offer() : config), {
          status: path.endsWith('/wallet-offer') ? 201 : 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<CertificateShareDialog certificate={certificate} onClose={() => {}} />);
    const qrOf = async (label: string) =>
      decodeURIComponent((await screen.findByRole('img', { name: `Wallet QR code: ${label}` })).getAttribute('src')!);

    await user.click(await screen.findByRole('button', { name: 'Show wallet QR code' }));
    expect(fetchMock.mock.calls.filter(([path]) => path === '/api/certificates/abc/wallet-offer')).toHaveLength(1);
    const lcw = await qrOf('Learner Credential Wallet');
    expect(lcw).toMatch(/^data:image\/svg\+xml;utf8,<svg/);
    expect(screen.getByText(/Works once, until/)).toBeInTheDocument();

    await user.click(screen.getByText('Other wallets'));
    expect(await qrOf('Other wallets')).not.toBe(lcw);
    await user.click(screen.getByText('Link'));
    expect(await screen.findByRole('button', { name: 'Copy wallet link' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New wallet code' }));
    await waitFor(() => expect(offers).toBe(2));
  });

  it('offers no wallet code for a certificate that does not stand', async () => {
    renderWithProviders(
      <CertificateShareDialog certificate={makeCertificate({ status: 'Inactive' })} onClose={() => {}} />,
    );
    expect(await screen.findByText('Only an active certificate can be added to a wallet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show wallet QR code' })).not.toBeInTheDocument();
  });
});
