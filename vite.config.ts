import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { pageData } from './src/build/vite-page-data.ts';
import { chunkFileNames } from './src/build/chunk-names.ts';
import { precompressedAssets } from './src/build/precompressed-assets.ts';
import FileOrder from './tests/support/file-order.ts';

export default defineConfig({
  plugins: [react(), pageData(), precompressedAssets()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    manifest: true,
    sourcemap: true,
    rollupOptions: {
      // Two scripts: the app (index.html) for app routes, the island loader for prerendered public pages.
      input: { index: 'index.html', islands: 'src/islands/island-loader.ts' },
      // The chunk every page starts with, and its stylesheet, named for what they hold rather than their last module.
      output: chunkFileNames(),
    },
  },
  server: {
    // The form and portal API runs in the Fastify server (npm start); in dev it listens on 3001.
    proxy: { '/api': 'http://127.0.0.1:3001' },
  },
  ssr: {
    // CommonJS-only packages bundled into the server render so Node ESM resolution of their internals never matters.
    noExternal: ['react-multi-carousel', 'react-toastify', '@rjsf/core', '@rjsf/utils', '@rjsf/validator-ajv8'],
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    reporters: ['default', './tests/summary-reporter.ts'],
    globalSetup: ['./tests/support/global-setup.ts'],
    // Test files share one worker's modules: each file keeps its state in the server, database and browser it starts
    // (faked clocks are restored), and importing the server afresh for every file cost some 2.5 s a file.
    isolate: false,
    // Two files at a time: the machine is then busy nearly all the time (one browser file leaves a core a third idle,
    // a server file waits on timers and back-off windows). Tests wait for what a visitor ends up seeing, so they hold
    // under that load (docs/testing.md).
    maxWorkers: 2,
    sequence: { sequencer: FileOrder },
    // Browser tests drive a real Chromium; a step can take seconds on a loaded two-core machine.
    testTimeout: 30_000,
    // What a test polls for (a focus, an enabled button after its code loads) must happen, but on a loaded machine
    // not always within Vitest's default second.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
  },
});
