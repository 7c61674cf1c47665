import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { VerificationLink } from './verification-link';

const URL_ = 'https://portal.example/verify/0d6c5b8e';

describe('VerificationLink (issue 35: the phone’s share sheet)', () => {
  afterEach(() => {
    // @ts-expect-error jsdom has no Web Share API: remove what a test added.
    delete navigator.share;
  });

  it('offers no Share button where the browser has no share sheet', () => {
    renderWithProviders(<VerificationLink url={URL_} title="Zinc recovery" />);
    expect(screen.getByRole('button', { name: 'Copy verification link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share verification link' })).not.toBeInTheDocument();
  });

  it('opens the share sheet with the link and the certificate’s name, and a dismissed sheet is no error', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('dismissed', 'AbortError'));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderWithProviders(<VerificationLink url={URL_} title="Zinc recovery" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Share verification link' }));
    expect(share).toHaveBeenCalledWith({ url: URL_, title: 'Zinc recovery' });
  });

  it('copies the link instead when the share sheet fails for another reason than the member closing it', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('blocked', 'NotAllowedError'));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const user = userEvent.setup();
    renderWithProviders(<VerificationLink url={URL_} title="Zinc recovery" />);
    await user.click(screen.getByRole('button', { name: 'Share verification link' }));
    expect(await navigator.clipboard.readText()).toBe(URL_);
  });
});
