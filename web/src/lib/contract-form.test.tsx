import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { loadCatalogue } from '../i18n/catalogues';
import { setMessageLanguage } from '../i18n/format';
import { formResolver, useContractForm } from './contract-form';

const schema = z.object({
  email: z.string().min(1, 'Email is required').regex(/@/, 'Please enter a valid email address.'),
  name: z.string().min(1, 'Name is required'),
});
type Values = z.input<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false };

describe('formResolver', () => {
  it('loads a lazy schema on first use, once, and again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(schema);
    const { resolver, prefetch } = formResolver<Values, Values>(load);
    expect(load).not.toHaveBeenCalled();

    prefetch();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    const first = await resolver({ email: 'a@b.org', name: '' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(2);
    expect(first.errors).toMatchObject({ name: { message: 'Name is required' } });
    await resolver({ email: 'a@b.org', name: 'Ada' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(2);
  });

  describe('in another language (issue 34)', () => {
    afterEach(() => setMessageLanguage('en', 'en-US'));

    it('says the contract’s messages in the screens’ language, and one it does not know as written', async () => {
      const { resolver } = formResolver<Values, Values>(schema.extend({ name: z.string().min(1, 'Give a name') }));
      await loadCatalogue('es');
      setMessageLanguage('es', 'es-US');
      const { errors } = await resolver({ email: 'nobody', name: '' }, undefined, options);
      expect(errors).toMatchObject({
        email: { message: 'Escriba una dirección de correo electrónico válida.' },
        name: { message: 'Give a name' },
      });
    });
  });
});

/** A form whose malformed e-mail is told by `tell`, as the dialogs' toast. */
function Form({ tell, sent }: { tell: (message: string) => void; sent: (values: Values) => void }) {
  const [malformed] = useState(() => ({ email: tell }));
  const { handleSubmit, fieldProps } = useContractForm(schema, { defaultValues: { email: '', name: '' }, malformed });
  const field = (name: keyof Values) => {
    const { error, ...props } = fieldProps(name);
    return (
      <>
        <input aria-label={name} {...props} />
        {error && <span role="alert">{error}</span>}
      </>
    );
  };
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(sent)(e)}>
      {field('email')}
      {field('name')}
      <button type="submit">Save</button>
    </form>
  );
}

describe('useContractForm: a malformed value told on submit (spec §5)', () => {
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('is not shown at its field, and is told with the schema’s message once the rest is valid', async () => {
    const tell = vi.fn();
    const sent = vi.fn();
    render(<Form tell={tell} sent={sent} />);
    fill('email', 'not-an-address');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is required');
    expect(tell).not.toHaveBeenCalled();

    fill('name', 'Ada');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(tell).toHaveBeenCalledWith('Please enter a valid email address.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('leaves its other problems at the field, and sends a valid form', async () => {
    const tell = vi.fn();
    const sent = vi.fn();
    render(<Form tell={tell} sent={sent} />);
    fill('name', 'Ada');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email is required');

    fill('email', 'ada@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(sent.mock.calls[0]![0]).toEqual({ email: 'ada@example.org', name: 'Ada' });
    expect(tell).not.toHaveBeenCalled();
  });
});
