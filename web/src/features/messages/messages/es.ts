import type { Catalogue } from './en';

/** Issue 34: Spanish, a first version for a native speaker's review (docs/translations.md). */
const es: Catalogue = {
  'messages.opened': 'La aplicación de chat se abrió en una pestaña nueva. Volverá al panel principal.',
  'messages.open': 'Abrir la aplicación de chat',
};

export default es;
