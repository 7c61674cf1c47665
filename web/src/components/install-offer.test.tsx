import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenForInstallPrompt, noteScreen, useInstallPrompt } from '../lib/install-prompt';
import { renderWithProviders } from '../test/render';
import { InstallOffer } from './install-offer';

/** Issue 35: the dashboard offers to install the app when, and only when, the browser does. */

/** The browser's offer, as Chromium fires it. */
function offerInstall() {
  const prompt = vi.fn(async () => undefined);
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { prompt, event };
}

beforeAll(() => listenForInstallPrompt());
// The member has moved on from the first screen (noteScreen), unless a test says otherwise.
beforeEach(() => useInstallPrompt.setState({ engaged: true }));
afterEach(() => {
  useInstallPrompt.setState({ offer: null });
  localStorage.clear();
});

describe('InstallOffer', () => {
  it('waits until the member has moved on from the first screen of the visit', () => {
    useInstallPrompt.setState({ engaged: false });
    act(() => noteScreen('/admin/default'));
    renderWithProviders(<InstallOffer />);
    offerInstall();
    act(() => noteScreen('/admin/default'));
    expect(screen.queryByRole('region', { name: 'Install the portal' })).toBeNull();
    act(() => noteScreen('/admin/certificates'));
    expect(screen.getByRole('region', { name: 'Install the portal' })).toBeTruthy();
  });

  it('shows nothing until the browser offers an install', () => {
    renderWithProviders(<InstallOffer />);
    expect(screen.queryByRole('region', { name: 'Install the portal' })).toBeNull();
  });

  it('holds back the browser’s own bar, and opens its install dialog on Install, once', async () => {
    renderWithProviders(<InstallOffer />);
    const { prompt, event } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: 'Install the portal' })).toBeNull();
  });

  it('remembers Not now', async () => {
    const { unmount } = renderWithProviders(<InstallOffer />);
    offerInstall();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Install the portal' })).toBeNull();
    unmount();
    renderWithProviders(<InstallOffer />);
    expect(screen.queryByRole('region', { name: 'Install the portal' })).toBeNull();
  });
});
