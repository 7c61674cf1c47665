import type { CertificateImportResult } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ImportDialog } from './import-dialog';

/** The uploads the dialog sent (it uses XMLHttpRequest for the progress), answered in turn. */
const sent: { url: string; file: File }[] = [];
let answers: { status: number; body: CertificateImportResult | { message: string } }[] = [];

class FakeXhr {
  status = 0;
  response: unknown = null;
  responseType = '';
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(form: FormData) {
    sent.push({ url: this.url, file: form.get('file') as File });
    const answer = answers.shift()!;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
      this.status = answer.status;
      this.response = answer.body;
      this.onload?.();
    }, 0);
  }
}

const CSV = [
  'userEmail,certificateNo,name,status,validTill,Notes',
  'a@example.org,CRA-1,Advocate,Active,2030-01-01,first',
  'b@example.org,CRA-2,Advocate,Sleeping,2030-01-01,second',
].join('\n');

describe('ImportDialog', () => {
  beforeEach(() => {
    sent.length = 0;
    answers = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('previews the file, lists the dry run’s problems, then imports the valid rows', async () => {
    const errors = [{ row: 3, column: 'status', message: 'Status must be Active or Inactive' }];
    answers = [
      { status: 200, body: { rows: 2, created: 1, updated: 0, unchanged: 0, errors } },
      { status: 200, body: { rows: 2, created: 1, updated: 0, unchanged: 0, errors } },
    ];
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { baseElement } = renderWithProviders(<ImportDialog opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import certificates' });
    expect(within(dialog).getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    const input = baseElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([CSV], 'certificates.csv', { type: 'text/csv' }));

    expect(within(dialog).getByRole('button', { name: 'Clear file' })).toBeInTheDocument();

    // The preview: the header, how each column maps, and the first rows.
    const preview = await within(dialog).findByRole('table', { name: 'Preview of the first rows' });
    expect(within(preview).getByRole('columnheader', { name: /status → status/ })).toBeInTheDocument();
    expect(within(preview).getByRole('columnheader', { name: /Notes ignored/ })).toBeInTheDocument();
    expect(within(preview).getByRole('cell', { name: 'Sleeping' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    // Check file: the server's dry run, and its problems in a table.
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    const problems = await within(dialog).findByRole('table', { name: 'Problems' });
    expect(sent.map((s) => s.url)).toEqual(['/api/certificates/import?dryRun=true']);
    expect(sent[0]!.file.name).toBe('certificates.csv');
    expect(within(dialog).getByText(/2 rows: 1 to create, 0 to update, 0 unchanged, 1 problem\./)).toBeInTheDocument();
    const [, row] = within(problems).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', 'status', 'Status must be Active or Inactive']);

    // Import: the same file for real, and the outcome replaces the check.
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await within(dialog).findByText('Imported');
    expect(sent.map((s) => s.url)).toEqual([
      '/api/certificates/import?dryRun=true',
      '/api/certificates/import?dryRun=false',
    ]);
    expect(within(dialog).getByText(/2 rows: 1 created, 0 updated, 0 unchanged, 1 problem\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the server’s refusal of a check and imports nothing', async () => {
    answers = [{ status: 400, body: { message: 'The workbook could not be read.' } }];
    const user = userEvent.setup();
    const { baseElement } = renderWithProviders(<ImportDialog opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Import certificates' });
    const input = baseElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([CSV], 'certificates.csv', { type: 'text/csv' }));
    await within(dialog).findByRole('table', { name: 'Preview of the first rows' });
    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByText('The workbook could not be read.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(sent).toHaveLength(1);
  });
});
