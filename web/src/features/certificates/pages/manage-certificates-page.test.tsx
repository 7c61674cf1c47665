import { Notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Certificate } from '@portal/contract';
import { makeCertificate } from '../../../test/certificate';
import { renderWithProviders } from '../../../test/render';
import ManageCertificatesPage from './manage-certificates-page';

const certificate = (n: number, extra: Partial<Certificate> = {}) =>
  makeCertificate({
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userEmail: `holder${n}@example.org`,
    certificateNo: `CRA-${n}`,
    name: `Advocate ${n}`,
    ...extra,
  });

describe('ManageCertificatesPage', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server for one page and shows the cards, Expired and the download link as sent', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify([
          certificate(1, { status: 'Expired', downloadLink: '/api/files/0d6c5b8e-3f0a-4c55-9a77-2f6f0c1b9e11' }),
          certificate(2),
        ]),
        { status: 200, headers: { 'content-type': 'application/json', 'x-total-count': '30' } },
      ),
    );
    renderWithProviders(<ManageCertificatesPage />);
    expect(await screen.findByText('Advocate 1')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/certificates?offset=0&limit=12');
    expect(screen.getByText('Expired')).toBeInTheDocument();
    // Only the certificate with a document offers the download, in a new tab.
    const links = screen.getAllByRole('link', { name: 'Download Certificate' });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('target', '_blank');
    // 30 certificates, 12 a page: three pages.
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
  });

  it('shows the load failure toast of spec §8', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'boom' }), { status: 500 }));
    renderWithProviders(
      <>
        <Notifications />
        <ManageCertificatesPage />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText('Unable to fetch certificates. Please try again.').length).toBe(2));
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
  });
});
