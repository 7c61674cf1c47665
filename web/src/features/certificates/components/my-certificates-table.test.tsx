import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCertificate } from '../../../test/certificate';
import { renderWithProviders } from '../../../test/render';
import { formatCalendarDay } from '../../../lib/dates';
import { MyCertificatesTable } from './my-certificates-table';

describe('MyCertificatesTable', () => {
  it('downloads the uploaded document, or the generated PDF when there is none, and opens Verify & share', async () => {
    const withDocument = makeCertificate({
      _id: 'a',
      name: 'With document',
      downloadLink: '/api/files/0d6c5b8e-3f0a-4c55-9a77-2f6f0c1b9e11',
    });
    const without = makeCertificate({ _id: 'b', name: 'Without document', status: 'Revoked' });
    const onShare = vi.fn();
    renderWithProviders(
      <MyCertificatesTable certificates={[withDocument, without]} onView={() => {}} onShare={onShare} />,
    );
    const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
    expect(within(rowOf('With document')).getByRole('link', { name: 'Download Certificate' })).toHaveAttribute(
      'href',
      withDocument.downloadLink,
    );
    // Never a grey, disabled button without a word (issue 13): the generated PDF instead.
    expect(within(rowOf('Without document')).getByRole('link', { name: 'Download Certificate' })).toHaveAttribute(
      'href',
      '/api/certificates/b/pdf',
    );
    expect(within(rowOf('Without document')).getByText('Revoked')).toBeInTheDocument();

    await userEvent.setup().click(within(rowOf('Without document')).getByRole('button', { name: 'Verify & share' }));
    expect(onShare).toHaveBeenCalledWith(without);
  });

  it('shows the day each was awarded as Issued, not the day its record was made (issue 31)', () => {
    const late = makeCertificate({
      name: 'Recorded late',
      awardedOn: '2019-07-04T00:00:00.000Z',
      createdAt: '2026-11-27T09:00:00.000Z',
      validTill: '2026-10-28T23:59:59.999Z',
      status: 'Expired',
    });
    renderWithProviders(<MyCertificatesTable certificates={[late]} onView={() => {}} onShare={() => {}} />);
    const row = screen.getByRole('row', { name: /Recorded late/ });
    // The calendar day the board chose, wherever the reader is (the first 10 characters).
    expect(within(row).getByText(`Issued ${formatCalendarDay('2019-07-04')}`)).toBeInTheDocument();
    // …and the valid-till day is the 28th even where its last millisecond in UTC is the 29th.
    expect(within(row).getByText(formatCalendarDay('2026-10-28'))).toBeInTheDocument();
    expect(within(row).queryByText(/Issued .*2026/)).not.toBeInTheDocument();
  });

  describe('the recertification state beside the status (issue 33)', () => {
    const DAY = 86_400_000;
    const answer = (recertification: 'portal' | 'external') =>
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              productName: 'Certified Recycling Advocate',
              boardName: 'Board',
              supportEmail: 's@example.org',
              boardUrl: 'https://board.example',
              renewalUrl: 'https://board.example/renew',
              chatUrl: 'https://chat.example',
              adminMfa: 'optional',
              arabicDigits: 'latin',
              recertification,
              renewalTimes: { expiringDays: 30, graceDays: 20 },
            }),
            { headers: { 'content-type': 'application/json' } },
          ),
      );
    const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
    const certificates = [
      makeCertificate({ _id: 'a', name: 'Far off', validTill: inDays(31) }),
      makeCertificate({ _id: 'b', name: 'Soon', validTill: inDays(29) }),
      makeCertificate({ _id: 'c', name: 'Just expired', validTill: inDays(-19), status: 'Expired' }),
      makeCertificate({ _id: 'd', name: 'Long gone', validTill: inDays(-21), status: 'Expired' }),
      makeCertificate({
        _id: 'e',
        name: 'Taken back',
        validTill: inDays(5),
        status: 'Revoked',
        revokedAt: inDays(-1),
      }),
    ];
    beforeEach(() => vi.stubGlobal('fetch', answer('portal')));
    afterEach(() => vi.unstubAllGlobals());
    const stateOf = (name: string) =>
      within(screen.getByRole('row', { name: new RegExp(name) }))
        .queryAllByText(/^(Active|Expiring|Grace|Lapsed|Revoked)$/)
        .map((badge) => badge.textContent);

    it('reads Expiring, Grace or Lapsed by the board’s lengths, and nothing more while Active or Revoked', async () => {
      renderWithProviders(<MyCertificatesTable certificates={certificates} onView={() => {}} onShare={() => {}} />);
      expect(await screen.findByText('Expiring')).toBeInTheDocument();
      expect(stateOf('Far off')).toEqual(['Active']);
      expect(stateOf('Soon')).toEqual(['Active', 'Expiring']);
      expect(stateOf('Just expired')).toEqual(['Grace']);
      expect(stateOf('Long gone')).toEqual(['Lapsed']);
      expect(stateOf('Taken back')).toEqual(['Revoked']);
    });

    it('shows no state where the board renews elsewhere', async () => {
      vi.stubGlobal('fetch', answer('external'));
      renderWithProviders(<MyCertificatesTable certificates={certificates} onView={() => {}} onShare={() => {}} />);
      await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stateOf('Soon')).toEqual(['Active']);
      expect(stateOf('Just expired')).toEqual([]);
    });
  });

  describe('on a phone (issue 35)', () => {
    const desktop = window.matchMedia;
    const phoneWide = () => {
      window.matchMedia = ((query: string) => ({ ...desktop(query), matches: true })) as typeof window.matchMedia;
    };
    afterEach(() => {
      window.matchMedia = desktop;
    });

    it('shows one card per certificate with its status, dates and three actions, and no table', async () => {
      phoneWide();
      const a = makeCertificate({ _id: 'a', name: 'Zinc recovery', status: 'Active' });
      const b = makeCertificate({ _id: 'b', name: 'Aluminium sorting', status: 'Revoked' });
      const onView = vi.fn();
      const onShare = vi.fn();
      renderWithProviders(<MyCertificatesTable certificates={[a, b]} onView={onView} onShare={onShare} />);

      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const card = screen.getByRole('listitem', { name: 'Aluminium sorting' });
      expect(within(card).getByText('Revoked')).toBeInTheDocument();
      expect(within(card).getByText(`Issued ${formatCalendarDay(b.awardedOn)}`)).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'Download Certificate' })).toHaveAttribute(
        'href',
        '/api/certificates/b/pdf',
      );
      const user = userEvent.setup();
      await user.click(within(card).getByRole('button', { name: 'View Certificate' }));
      await user.click(within(card).getByRole('button', { name: 'Verify & share' }));
      expect(onView).toHaveBeenCalledWith(b);
      expect(onShare).toHaveBeenCalledWith(b);

      // The table's column sort, as a choice a thumb can make.
      await user.selectOptions(screen.getByLabelText('Sort by'), 'name:asc');
      const names = screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'));
      expect(names).toEqual(['Aluminium sorting', 'Zinc recovery']);
    });

    it('says none are found, with the way to Help, when there are none', () => {
      phoneWide();
      renderWithProviders(<MyCertificatesTable certificates={[]} onView={() => {}} onShare={() => {}} />);
      expect(screen.getByText('No certificates found.')).toBeInTheDocument();
      expect(screen.queryByLabelText('Sort by')).not.toBeInTheDocument();
    });
  });
});
