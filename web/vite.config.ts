import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogImages } from './scripts/catalog-images-plugin.js';
import { precompress } from './scripts/precompress-plugin.js';

const libSrc = (lib: string) =>
  fileURLToPath(new URL(`../libs/${lib}/src/index.ts`, import.meta.url));

// The libs are plain data and zod schemas; telling the bundler so lets it drop what the page does not use.
const sharedLibSources = /[\\/]libs[\\/](catalog|contracts)[\\/]src[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    catalogImages(fileURLToPath(new URL('../libs/catalog/images', import.meta.url))),
    precompress(),
  ],
  resolve: {
    alias: {
      '@mia/catalog': libSrc('catalog'),
      '@mia/contracts': process.env.MIA_TMP_CONTRACTS ?? libSrc('contracts'),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id) => (sharedLibSources.test(id) ? false : undefined),
      },
    },
  },
});
