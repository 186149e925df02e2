import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The catalogue is data owned by billing (ADR 0018): products, prices and destinations reach
 * every other service through billing's events and the browser through GET /api/catalog. Only
 * billing's seed may read the compiled product data in `@mia/catalog`; brand, money formatting,
 * the trial's length and types stay shared code. Tests and fixtures may use the seed data.
 */
const PRODUCT_DATA = new Set([
  'products',
  'productIds',
  'productIdSchema',
  'findProduct',
  'isProductId',
  'localizeProduct',
  'checkoutProducts',
  'accessPageProducts',
  'findCheckoutItem',
  'DEFAULT_CHECKOUT_ID',
  'PRODUCT_PRICE_CENTS',
  'LIFETIME_ACCESS_FEATURE',
  'LIFETIME_ACCESS_FEATURE_EN',
  'placeholderGptUrl',
  'resolveDestinations',
  'plans',
  'planIds',
  'planIdSchema',
  'monthlyPlan',
  'annualPlan',
  'findPlan',
  'planFor',
  'priceIdFor',
  'findPlanByPriceId',
  'annualSavingsCents',
  'annualDiscountPercent',
  'monthlyEquivalentCents',
  'localizePlan',
]);

/** Files allowed to read the seed: billing's seed, and its config reading GPT_URLS for it. */
const SEED_READERS = /^services\/billing\/src\/(catalog\/seed-data|config)\.ts$/;

const root = join(import.meta.dirname, '..', '..');
const isTestCode = (path: string) =>
  /\.(unit|int|system|browser)\.test\.tsx?$|\.fixture\.tsx?$|\/testing\/|\/test\//.test(path);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'generated' || name === 'dist') return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@mia\/catalog(?:\/[^']*)?'/g;

function productDataImports(text: string): string[] {
  return [...text.matchAll(IMPORT)].flatMap((m) =>
    m[1]!
      .split(',')
      .map(
        (s) =>
          s
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      )
      .filter((name) => PRODUCT_DATA.has(name)),
  );
}

describe('product data comes from the catalogue owner, not from compiled code', () => {
  const roots = [
    ...readdirSync(join(root, 'services')).map((s) => join(root, 'services', s, 'src')),
    join(root, 'web', 'src'),
  ];
  const offenders = roots
    .flatMap(sourceFiles)
    .map((file) => relative(root, file))
    .filter((path) => !isTestCode(path) && !SEED_READERS.test(path))
    .map((path) => ({ path, names: productDataImports(readFileSync(join(root, path), 'utf8')) }))
    .filter((f) => f.names.length > 0)
    .map((f) => `${f.path}: ${f.names.join(', ')}`);

  it('no runtime file outside billing’s seed imports product data from @mia/catalog', () => {
    expect(offenders).toEqual([]);
  });

  it('finds such an import when there is one', () => {
    const text = `import { brand, type PlanType, findProduct as find } from '@mia/catalog';`;
    expect(productDataImports(text)).toEqual(['findProduct']);
  });
});
