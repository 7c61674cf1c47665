import { Notifications } from '@mantine/notifications';
import type { User } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLanguageStore } from '../../../i18n/language';
import { renderWithProviders } from '../../../test/render';
import { useAuth } from '../../auth/store';
import ProfilePage from '../pages/profile-page';
import { makeUser } from '../../../test/user';

const member = makeUser({ job: 'Route Coordinator', age: 41 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ProfileDialog: the language of the profile (issue 34)', () => {
  const fetchMock = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>();
  const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
  beforeEach(() => {
    fetchMock.mockReset();
    // The server answers the profile it stored.
    fetchMock.mockImplementation(async (path, init) => {
      if (path !== `/api/users/${member._id}` || init?.method !== 'PUT') return json(404, { message: 'Not found' });
      const body = JSON.parse(init.body as string) as Partial<User>;
      return json(200, { ...member, ...body, version: member.version + 1 });
    });
    vi.stubGlobal('fetch', fetchMock);
    useAuth.setState({ user: member, isAuthenticated: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useAuth.setState({ user: null, isAuthenticated: false });
    useLanguageStore.setState({ guest: 'en' });
    document.cookie = 'lang=; path=/; max-age=0';
  });

  const openForm = async () => {
    renderWithProviders(
      <>
        <Notifications />
        <ProfilePage />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    return screen.findByRole('combobox', { name: 'Language' });
  };

  it('offers each language in its own name, the profile’s chosen', async () => {
    const select = await openForm();
    expect(select).toHaveValue('en');
    const options = Array.from((select as HTMLSelectElement).options);
    expect(options.map((o) => [o.value, o.text, o.lang])).toEqual([
      ['en', 'English', 'en'],
      ['es', 'Español', 'es'],
      ['ar', 'العربية', 'ar'],
    ]);
  });

  it('saves a new language with the profile, and the screens switch to it', async () => {
    fireEvent.change(await openForm(), { target: { value: 'es' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // The toast already speaks the language chosen; so do the screens.
    expect(await screen.findByText('Perfil actualizado.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Información general' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(useAuth.getState().user).toMatchObject({ language: 'es', version: 2 });

    expect(puts()).toHaveLength(1);
    const [, init] = puts()[0]!;
    expect(JSON.parse(init!.body as string)).toMatchObject({
      name: 'Morgan',
      job: 'Route Coordinator',
      language: 'es',
    });
    expect((init!.headers as Record<string, string>)['if-match']).toBe('"1"');
  });

  it('keeps the screens in their language when the save fails', async () => {
    fetchMock.mockImplementation(async () => json(500, { message: 'Database unavailable' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.change(await openForm(), { target: { value: 'es' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Failed to update profile.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'General Information' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(useAuth.getState().user?.language).toBe('en');
    await waitFor(() => expect(puts()).toHaveLength(1));
  });
});
