import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ADR 0018: product data lives in billing's catalogue and travels in its events. At runtime
// only billing's seed reads it from @mia/catalog; brand, money formatting, trial length and
// types stay importable. Tests and fixtures may use the seed data.

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** The names that are product data (the list, lookups, prices, destinations). */
const PRODUCT_DATA = new Set([
  'products',
  'findProduct',
  'isProductId',
  'localizeProduct',
  'productIds',
  'productIdSchema',
  'checkoutProducts',
  'accessPageProducts',
  'PRODUCT_PRICE_CENTS',
  'planFor',
  'monthlyPlan',
  'annualPlan',
  'resolveDestinations',
]);

/** The seed, and the check that the seed's GPT_URLS is readable at start. */
const ALLOWED = new Set([
  'services/billing/src/catalog/seed-data.ts',
  'services/billing/src/config.ts',
]);

/**
 * Files that still read product data while their service moves to its projection (issue 24).
 * The list only shrinks: a file that stops importing must leave it (the second test says so).
 */
const STILL_MIGRATING = new Set<string>([
  'services/access/src/admin/admin.ts',
  'services/access/src/config.ts',
  'services/access/src/dashboard/dashboard.ts',
  'services/access/src/dashboard/routes.ts',
  'services/access/src/destinations.ts',
  'services/access/src/entitlements/entitlements-decider.ts',
  'services/access/src/payments/payment-description.ts',
  'services/access/src/timeline/timeline.ts',
  'services/access/src/verification/check-code.ts',
  'services/access/src/verification/check-user.ts',
  'services/access/src/verification/mcp.ts',
  'services/access/src/verification/openapi.ts',
  'services/access/src/verification/stand-in.ts',
  'services/access/src/verification/verify-page.ts',
  'services/billing/src/customers/customer-decider.ts',
  'services/billing/src/disputes/dispute-evidence.ts',
  'services/billing/src/mail/notify-renewal-failure-on-payment-failed.ts',
  'services/billing/src/overview/billing-overview.ts',
  'services/billing/src/payments/apply-purchase.ts',
  'services/billing/src/payments/create-payment-intent.ts',
  'services/billing/src/provider/prices.ts',
  'services/billing/src/provider/views.ts',
  'services/billing/src/shared/descriptions.ts',
  'services/billing/src/subscriptions/apply-subscription.ts',
  'services/billing/src/subscriptions/create-subscription.ts',
  'services/billing/src/subscriptions/manage-subscription.ts',
  'services/billing/src/subscriptions/plan-invoice-terms.ts',
  'services/billing/src/subscriptions/subscription-decider.ts',
  'services/support/src/customers/account-summary.ts',
  'web/src/app/routes/features.tsx',
  'web/src/app/routes/status.tsx',
  'web/src/app/routes/terms-of-service.tsx',
  'web/src/app/routes/user-guide.tsx',
  'web/src/app/routes/verify.tsx',
  'web/src/components/seo/page-seo.ts',
  'web/src/features/access/components/verify-access-form.tsx',
  'web/src/features/admin/components/grant-form.tsx',
  'web/src/features/admin/components/scope-name.ts',
  'web/src/features/billing/checkout-item.ts',
  'web/src/features/billing/components/billing-management.tsx',
  'web/src/features/dashboard/components/recent-activity.tsx',
  'web/src/features/dashboard/components/tools-list.tsx',
  'web/src/features/dashboard/product-text.ts',
  'web/src/features/landing/components/hero.tsx',
  'web/src/features/landing/components/plans.tsx',
  'web/src/features/landing/components/product-grid.tsx',
  'web/src/features/landing/components/structured-data.tsx',
  'web/src/features/landing/structured-data.ts',
  'web/src/features/staff/components/customer-context.tsx',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'node_modules' || entry.name === 'generated' ? [] : sourceFiles(path);
    }
    const source = /\.(ts|tsx)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name);
    const testOnly = /\.(test|fixture)\.tsx?$/.test(entry.name) || path.includes('/testing/');
    return source && !testOnly ? [path] : [];
  });
}

const IMPORT = /(?:import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@mia\/catalog['"]/g;

/** The product-data names a file takes from @mia/catalog at runtime (type imports excluded). */
export function productDataImports(source: string): string[] {
  const names: string[] = [];
  for (const [, typeOnly, specifiers = ''] of source.matchAll(IMPORT)) {
    if (typeOnly) continue;
    for (const raw of specifiers.split(',')) {
      const spec = raw.trim();
      if (!spec || spec.startsWith('type ')) continue;
      const name = spec.split(/\s+as\s+/)[0]!.trim();
      if (PRODUCT_DATA.has(name)) names.push(name);
    }
  }
  if (/import\s+\*\s+as\s+\w+\s+from\s*['"]@mia\/catalog['"]/.test(source)) names.push('*');
  return names;
}

function offenders(): Map<string, string[]> {
  const dirs = [
    ...readdirSync(join(root, 'services')).map((s) => join(root, 'services', s, 'src')),
    join(root, 'web', 'src'),
  ];
  const found = new Map<string, string[]>();
  for (const dir of dirs) {
    let files: string[];
    try {
      files = sourceFiles(dir);
    } catch {
      continue;
    }
    for (const file of files) {
      const names = productDataImports(readFileSync(file, 'utf8'));
      if (names.length > 0) found.set(relative(root, file), names);
    }
  }
  return found;
}

describe('product data comes from the catalogue, not from @mia/catalog', () => {
  const found = offenders();

  it("no service or web file imports product data at runtime (billing's seed aside)", () => {
    const unexpected = [...found]
      .filter(([file]) => !ALLOWED.has(file) && !STILL_MIGRATING.has(file))
      .map(([file, names]) => `${file}: ${names.join(', ')}`);
    expect(unexpected).toEqual([]);
  });

  it('files that no longer import product data leave the migration list', () => {
    expect([...STILL_MIGRATING].filter((file) => !found.has(file))).toEqual([]);
  });

  it('recognises value imports and lets type imports through', () => {
    expect(
      productDataImports(
        "import { brand, findProduct, type Product, planFor as plan } from '@mia/catalog';",
      ),
    ).toEqual(['findProduct', 'planFor']);
    expect(productDataImports("import type { products } from '@mia/catalog';")).toEqual([]);
  });
});
