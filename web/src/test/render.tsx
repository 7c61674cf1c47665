import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from '../app/i18n-provider';
import { cssVariablesResolver, theme } from '../app/theme';

/** Renders a component with the app's providers (English words) and a router at `path`. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={client}>
        <I18nProvider>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </I18nProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
