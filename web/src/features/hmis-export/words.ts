import { defineWords } from '../../i18n/catalogues';
import en from './messages/en';

/** Issue 34: the HMIS Export screen's words (not the CSV's: HUD fixes those); its English travels with the screen. */
export const hmisExportWords = defineWords('hmisExport', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});
