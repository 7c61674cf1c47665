import { create } from 'zustand';

/** The event Chromium browsers fire when the app may be installed (not in the DOM's types yet). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  /** The browser's offer to install the app, kept until it is used or the app is installed. */
  offer: BeforeInstallPromptEvent | null;
  /** The member has moved on from the first screen of this visit (noteScreen). */
  engaged: boolean;
  /** Shows the browser's install dialog; the offer can be used once. */
  install(): Promise<void>;
}

export const useInstallPrompt = create<InstallState>()((set, get) => ({
  offer: null,
  engaged: false,
  install: async () => {
    const offer = get().offer;
    if (!offer) return;
    set({ offer: null });
    await offer.prompt();
    await offer.userChoice;
  },
}));

/**
 * Issue 35: the browser's install offer arrives once, early, on any page; it is kept here (and
 * the browser's own mini-bar held back) so the dashboard can offer "Install" when it suits.
 */
export function listenForInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    useInstallPrompt.setState({ offer: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstallPrompt.setState({ offer: null }));
}

let firstScreen: string | undefined;

/**
 * Called with each dashboard screen shown. The portal offers to install itself once the member
 * has gone from the first screen of a visit to another, not on arrival: an offer made before any
 * use is one most people dismiss (web.dev, "Patterns for promoting PWA installation": not on page
 * load, after engagement), and one that appears while the first screen is still drawing moves it
 * and becomes its last paint (docs/performance.md).
 */
export function noteScreen(pathname: string) {
  firstScreen ??= pathname;
  if (pathname !== firstScreen && !useInstallPrompt.getState().engaged) useInstallPrompt.setState({ engaged: true });
}
