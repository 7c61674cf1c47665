import { DEFAULT_PRODUCT_NAME } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useProductName } from './public-config';

afterEach(() => vi.unstubAllGlobals());

function Brand() {
  return <p>{useProductName()}</p>;
}

it("names the portal by PRODUCT_NAME once the server answers, and by the build's default until then", async () => {
  let answer!: (response: Response) => void;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
  );
  render(<Brand />);
  // What the prerendered page says too, so that hydration finds the same words.
  expect(screen.getByText(DEFAULT_PRODUCT_NAME)).toBeInTheDocument();
  answer(
    new Response(
      JSON.stringify({
        productName: 'Lakeside Advocates',
        supportEmail: 's@example.org',
        boardUrl: 'https://b.example',
      }),
      { headers: { 'content-type': 'application/json' } },
    ),
  );
  expect(await screen.findByText('Lakeside Advocates')).toBeInTheDocument();
});
