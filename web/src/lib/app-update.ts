import { create } from 'zustand';

/**
 * Decision 0020: a new version of the app is installed and waits (the service worker's
 * registerType 'prompt'). It is applied only when the member chooses to reload: a reload of its
 * own could come in the middle of an intake.
 */
interface AppUpdateState {
  waiting: boolean;
  /** Activates the waiting version and reloads the page into it. */
  apply: () => void;
}

export const useAppUpdate = create<AppUpdateState>()(() => ({ waiting: false, apply: () => undefined }));
