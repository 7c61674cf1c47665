import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCertificate } from '../../../test/certificate';
import { renderWithProviders } from '../../../test/render';
import { CertificateShareDialog } from './certificate-share-dialog';

const config = {
  boardName: 'Oregon Recycling Board',
  supportEmail: 's@example.org',
  boardUrl: 'https://board.example',
  renewalUrl: 'https://board.example/renew',
  chatUrl: 'https://chat.example',
  adminMfa: 'optional',
};

describe('CertificateShareDialog', { timeout: 30_000 }, () => {
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
});
