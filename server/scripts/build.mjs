// Bundles the server (with the contract) into dist/main.js, and each worker thread next to it
// (lib/worker.ts finds them there): the video worker (the demuxer, off the server's thread) and
// the credential signer (canonicalisation and Ed25519). npm packages stay external.
// Code splitting: a module the server loads with `await import('./x')` (the certificate PDF, the
// passkey ceremonies, …) becomes a chunk of its own next to main.js, with its npm imports, so it
// is loaded on first use and not at start (issue 14). Without it esbuild inlines the module and
// hoists its npm imports to the top of main.js, where they load at start.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

// Chunk names carry a hash: clear the old ones so dist/ holds one build.
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: ['src/main.ts', 'src/domains/files/video-worker.ts', 'src/domains/credentials/signing-worker.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  splitting: true,
  // Chunks stay in dist/ itself: `new URL('./x-worker.ts', import.meta.url)` finds the workers
  // from whichever file holds that line.
  chunkNames: '[name]-[hash]',
  sourcemap: true,
  external: [...external, 'zod'],
  logLevel: 'warning',
});
