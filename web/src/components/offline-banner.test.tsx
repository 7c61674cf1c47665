import { Notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { OfflineBanner } from './offline-banner';

/** Issue 35: the whole app says when the device is offline, and stops saying it once back. */

const goOnline = (online: boolean) =>
  act(() => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });

afterEach(() => vi.restoreAllMocks());

describe('OfflineBanner', () => {
  it('shows while offline and goes when the connection is back', async () => {
    renderWithProviders(
      <>
        <Notifications />
        <OfflineBanner />
      </>,
    );
    expect(screen.queryByText('You are offline')).toBeNull();
    goOnline(false);
    expect(await screen.findByText('You are offline', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/kept on this device and sent when you are back online/)).toBeVisible();
    goOnline(true);
    await waitFor(() => expect(screen.queryByText('You are offline')).toBeNull(), { timeout: 5000 });
  });
});
