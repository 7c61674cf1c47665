import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeCertificate } from '../../../test/certificate';
import { renderWithProviders } from '../../../test/render';
import { MyCertificatesTable } from './my-certificates-table';

describe('MyCertificatesTable', { timeout: 30_000 }, () => {
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
});
