import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { brand } from '../libs/catalog/src/brand.js';
import { catalogImages } from './scripts/catalog-images-plugin.js';
import { precompress } from './scripts/precompress-plugin.js';

const libSrc = (lib: string) =>
  fileURLToPath(new URL(`../libs/${lib}/src/index.ts`, import.meta.url));

/** The brand lives in the catalogue; index.html names it through `%MIA_BRAND%`. */
const brandInHtml = (): Plugin => ({
  name: 'mia-brand-html',
  transformIndexHtml: (html) => html.replaceAll('%MIA_BRAND%', brand.name),
});

// The libs are plain data and zod schemas; telling the bundler so lets it drop what the page does not use.
const sharedLibSources = /[\\/]libs[\\/](catalog|contracts)[\\/]src[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    brandInHtml(),
    catalogImages(fileURLToPath(new URL('../libs/catalog/images', import.meta.url))),
    precompress(),
  ],
  resolve: {
    alias: {
      '@mia/catalog': libSrc('catalog'),
      '@mia/contracts': libSrc('contracts'),
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
      output: {
        // Everything the first page needs in one file: fewer round trips and better compression
        // than a score of tiny shared chunks. Lazy routes still get their own chunks.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
      treeshake: {
        moduleSideEffects: (id) => (sharedLibSources.test(id) ? false : undefined),
        // Building a zod schema has no side effect: an unused one (the catalogue's id enums, say)
        // must not drag zod into the landing page.
        manualPureFunctions: ['z'],
      },
    },
  },
});
