import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { precompress } from './scripts/compress';
import { FRAME_COMPONENTS } from './scripts/frame-components';
import { preloadFrame } from './scripts/preload-frame';
import { mantineStyles } from './scripts/mantine-styles';
import { renderPages, writeLanding, writeLogin } from './scripts/prerender';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * After the client build: the prerendered landing page and login screen (from the shell as
 * built), the frame's preloads in the shell, then .br/.gz of every text file.
 */
function postBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal:post-build',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const pages = await renderPages(config);
      await writeLanding(outDir, pages.landing);
      await writeLogin(outDir, pages.login);
      await preloadFrame(outDir);
      await precompress(outDir);
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

const FRAME_MODULES = [
  /\/node_modules\/@mantine\/(core\/esm\/core|hooks)\//,
  new RegExp(`/node_modules/@mantine/core/esm/components/(${FRAME_COMPONENTS.join('|')})/`),
];

/**
 * The vendor chunks, then one `frame` chunk for the code the frame and the guest screens share:
 * Mantine's core, its hooks and the components they use. Left to
 * itself, Rollup cuts that code into some twenty small chunks (one per set of screens using a
 * module), and a first visit to /login waits on them a few at a time (six requests at once over
 * HTTP/1.1; docs/performance.md). Rollup adds the modules these import to the chunk; none of them
 * is in the entry chunk (the landing page loads none of this). Nothing that imports the
 * `@mantine/core` barrel goes in (@mantine/notifications, our components): it would pull in
 * every component.
 */
function manualChunks(id: string): string | undefined {
  return vendorChunk(id) ?? (FRAME_MODULES.some((re) => re.test(id)) ? 'frame' : undefined);
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [mantineStyles(), react(), postBuild()],
  build: {
    sourcemap: false,
    target: 'es2022',
    // Read by the byte budgets (e2e/tests/performance.spec.ts): which files each screen loads.
    manifest: true,
    rollupOptions: {
      // The contract's modules only declare schemas and constants: importing a constant must not
      // pull in every schema, and with them zod, which the landing page does without.
      treeshake: { moduleSideEffects: (id) => !id.includes('/contract/src/') },
      output: isSsrBuild ? {} : { manualChunks },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/dev': apiTarget },
  },
}));
