import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pageData } from './src/build/vite-page-data.ts';
import { chunkFileNames } from './src/build/chunk-names.ts';
import { islandLoaderChunk } from './src/build/island-chunk.ts';
import { precompressedAssets } from './src/build/precompressed-assets.ts';

export default defineConfig({
  plugins: [react(), pageData(), precompressedAssets()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    manifest: true,
    sourcemap: true,
    rollupOptions: {
      // Three scripts: the app (index.html) for app routes, the island loader for prerendered public pages, and the
      // loader of a portal screen the server rendered, which runs the app at the user's first action.
      input: { index: 'index.html', islands: 'src/islands/island-loader.ts', 'screen-loader': 'src/app/screen-loader.ts' },
      // The chunk every page starts with, and its stylesheet, named for what they hold rather than their last module.
      output: { ...chunkFileNames(), codeSplitting: islandLoaderChunk() },
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
});
