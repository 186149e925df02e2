import type { Billing } from '../billing.js';
import { decideIn, transact } from '../shared/transact.js';
import { CATALOG_SEED_STREAM, planPriceStreamId, productStreamId } from './catalog-events.js';
import { catalogSeedDecider } from './catalog-seed-decider.js';
import { planPriceDecider } from './plan-price-decider.js';
import { productDecider } from './product-decider.js';
import { seedCatalogue } from './seed-data.js';

/**
 * Publishes the seed catalogue on the first start (before the service answers): the seed's
 * stream, every product's and every plan's are decided in one transaction, so it all happens
 * once, or not at all, whatever the number of replicas starting together.
 */
export async function seedCatalog(billing: Billing): Promise<void> {
  const seed = seedCatalogue(billing.config);
  const seeded = await transact(billing, async (session) => {
    const { decided } = await decideIn(billing, session, CATALOG_SEED_STREAM, catalogSeedDecider, {
      products: seed.products.length,
      plans: seed.plans.length,
    });
    if (decided.length === 0) return false;
    for (const product of seed.products) {
      await decideIn(billing, session, productStreamId(product.productId), productDecider, {
        kind: 'seed',
        product,
      });
    }
    for (const plan of seed.plans) {
      await decideIn(billing, session, planPriceStreamId(plan.planType), planPriceDecider, {
        kind: 'seed',
        ...plan,
      });
    }
    return true;
  });
  if (!seeded) return;
  billing.logger.info(
    { products: seed.products.length, plans: seed.plans.length },
    'catalogue seeded',
  );
  if (seed.placeholders.length > 0) {
    billing.logger.warn(
      { products: seed.placeholders },
      'GPT_URLS names no destination for these tools: they open the placeholder link until the owner sets one in the admin',
    );
  }
}
