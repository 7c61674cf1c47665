import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { precompress } from './scripts/compress';
import { prerenderLanding } from './scripts/prerender';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** After the client build: the prerendered landing page, then .br/.gz of every text file. */
function postBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal:post-build',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await prerenderLanding(config);
      await precompress(path.resolve(config.root, config.build.outDir));
    },
  };
}

/**
 * Vendor code in chunks of its own, shared by the route chunks and kept cached by a release that
 * changes only our code: React and the router (every page), TanStack Query (every page but the
 * landing page), zod (pages that send or read data). Rollup puts a module's dependencies in its
 * manual chunk unless they have one of their own, hence React's.
 */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser|zustand)\//.test(id)) {
    return 'vendor-react';
  }
  if (id.includes('/node_modules/@tanstack/')) return 'vendor-query';
  if (/\/node_modules\/zod\//.test(id)) return 'vendor-zod';
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), postBuild()],
  build: {
    sourcemap: false,
    target: 'es2022',
    // Read by the byte budgets (e2e/tests/performance.spec.ts): which files each screen loads.
    manifest: true,
    rollupOptions: {
      // The contract's modules only declare schemas and constants: importing a constant must not
      // pull in every schema, and with them zod, which the landing page does without.
      treeshake: { moduleSideEffects: (id) => !id.includes('/contract/src/') },
      output: isSsrBuild ? {} : { manualChunks: vendorChunk },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/dev': apiTarget },
  },
}));
