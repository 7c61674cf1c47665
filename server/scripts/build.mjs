// Bundles the server (with the contract) into dist/main.js, and each worker thread next to it
// (lib/worker.ts finds them there): the video worker (the demuxer, off the server's thread) and
// the credential signer (canonicalisation and Ed25519). npm packages stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

await build({
  entryPoints: ['src/main.ts', 'src/domains/files/video-worker.ts', 'src/plugins/credential-signing-worker.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'zod'],
  logLevel: 'warning',
});
