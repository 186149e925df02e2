import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const svgName = /^[a-z0-9-]+\.svg$/;

/**
 * Product pictures live once, beside the catalogue (libs/catalog/images). This plugin publishes them
 * as /products/<id>.svg: served from the folder in development, emitted into dist at build time.
 */
export function catalogImages(imagesDir: string): Plugin {
  const list = (): string[] => {
    try {
      return readdirSync(imagesDir).filter((name) => svgName.test(name));
    } catch {
      return [];
    }
  };

  return {
    name: 'mia-catalog-images',
    configureServer(server) {
      server.middlewares.use('/products', (req, res, next) => {
        const name = (req.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        if (!svgName.test(name) || !list().includes(name)) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(readFileSync(join(imagesDir, name)));
      });
    },
    generateBundle() {
      for (const name of list()) {
        this.emitFile({
          type: 'asset',
          fileName: `products/${name}`,
          source: readFileSync(join(imagesDir, name)),
        });
      }
    },
  };
}
