import { Notifications } from '@mantine/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppUpdate } from '../lib/app-update';
import { renderWithProviders } from '../test/render';
import { UpdatePrompt } from './update-prompt';

/** Issue 18, decision 0020: a new version is applied only when the member asks for it. */

const show = () =>
  renderWithProviders(
    <>
      <Notifications />
      <UpdatePrompt />
    </>,
  );

afterEach(() => {
  useAppUpdate.setState({ waiting: false, apply: () => undefined });
});

describe('UpdatePrompt', () => {
  it('says nothing while no new version waits', () => {
    show();
    expect(screen.queryByText('New version available')).toBeNull();
  });

  it('offers the waiting version, and applies it only on the click of Reload', async () => {
    const apply = vi.fn();
    show();
    act(() => useAppUpdate.setState({ waiting: true, apply }));
    expect(await screen.findByText('New version available', {}, { timeout: 5000 })).toBeVisible();
    // Shown until answered: nothing reloads by itself.
    expect(apply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
