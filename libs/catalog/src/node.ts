// Node-only entry (`@mia/catalog/node`): kept out of the main entry, which browsers import.
import { fileURLToPath } from 'node:url';

/** Absolute path of the folder holding one `<productId>.svg` per product. */
export const catalogImagesDir: string = fileURLToPath(new URL('../images', import.meta.url));
