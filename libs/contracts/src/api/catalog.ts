import { z } from 'zod';
import { amountCentsSchema, planTypeSchema } from '../fields.js';
import { multiLineText, singleLineText } from '../text.js';

/**
 * The public catalogue (GET /api/catalog, billing; ETag, cacheable) and the owner's product
 * administration (/api/admin/products*, /api/admin/plans*). Destinations are never public.
 */

const bilingual = <T extends z.ZodType>(item: T) => z.object({ es: item, en: item });

export const catalogProductStatuses = ['draft', 'published', 'retired'] as const;

export const publicCatalogProductSchema = z.object({
  id: z.string(),
  name: bilingual(z.string()),
  description: bilingual(z.string()),
  features: bilingual(z.array(z.string())),
  examplePrompts: bilingual(z.array(z.string())),
  priceCents: amountCentsSchema,
  /** Upper-case ISO code as the pages show it (`USD`). */
  currency: z.string(),
  image: z.string(),
  popular: z.boolean(),
  status: z.enum(catalogProductStatuses),
});
export type PublicCatalogProduct = z.infer<typeof publicCatalogProductSchema>;

export const publicCatalogPlanSchema = z.object({
  planType: planTypeSchema,
  priceCents: amountCentsSchema,
  currency: z.string(),
  interval: z.enum(['month', 'year']),
});
export type PublicCatalogPlan = z.infer<typeof publicCatalogPlanSchema>;

/** GET /api/catalog: published products in page order (retired ones are not listed), plans. */
export const catalogResponseSchema = z.object({
  products: z.array(publicCatalogProductSchema),
  plans: z.array(publicCatalogPlanSchema),
});
export type CatalogResponse = z.infer<typeof catalogResponseSchema>;

// --- The owner's administration -----------------------------------------------------------

export const PRODUCT_ID_PATTERN = /^[a-z0-9-]{3,60}$/;
export const MIN_PRICE_CENTS = 50;
export const MAX_PRICE_CENTS = 99_900;

export const adminProductIdSchema = singleLineText({ trim: true, max: 60 }).regex(
  PRODUCT_ID_PATTERN,
  'Id must be 3-60 lowercase letters, digits or hyphens',
);

const requiredLine = (max: number) => singleLineText({ trim: true, max, minMessage: 'Required' });
const requiredText = (max: number) => multiLineText({ trim: true, max, minMessage: 'Required' });

export const priceCentsSchema = z
  .number()
  .int('Price must be whole cents')
  .min(MIN_PRICE_CENTS, 'Price must be at least 0.50 USD')
  .max(MAX_PRICE_CENTS, 'Price must be at most 999.00 USD');

/** Checked for https (http in development) by the owning service, which knows its mode. */
export const destinationUrlInputSchema = z
  .url({ protocol: /^https?$/, error: 'Destination must be an absolute https URL' })
  .max(2000);

const productFields = {
  name: bilingual(requiredLine(120)),
  description: bilingual(requiredText(1000)),
  features: bilingual(z.array(requiredLine(200)).length(4, 'Exactly 4 features are required')),
  examplePrompts: bilingual(z.array(requiredText(500)).max(10)).optional(),
  priceCents: priceCentsSchema,
  destinationUrl: destinationUrlInputSchema,
  /** An id returned by POST /api/admin/products/images, or absent for the default art. */
  image: singleLineText({ trim: true, max: 300 }).optional(),
  popular: z.boolean().optional(),
};

// POST /api/admin/products -> 201 draft
export const createProductRequestSchema = z.object({ id: adminProductIdSchema, ...productFields });
export type CreateProductRequest = z.infer<typeof createProductRequestSchema>;

// PATCH /api/admin/products/{id} (any of the fields)
export const updateProductRequestSchema = z
  .object(productFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateProductRequest = z.infer<typeof updateProductRequestSchema>;

/** A product as the owner sees it (destination included). */
export const adminProductSchema = publicCatalogProductSchema.extend({
  destinationUrl: z.string(),
  position: z.number().int(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

// GET /api/admin/products
export const adminProductsResponseSchema = z.object({
  products: z.array(adminProductSchema),
  plans: z.array(publicCatalogPlanSchema),
});
export type AdminProductsResponse = z.infer<typeof adminProductsResponseSchema>;

// PATCH /api/admin/plans/{planType}
export const updatePlanPriceRequestSchema = z.object({ priceCents: priceCentsSchema });
export type UpdatePlanPriceRequest = z.infer<typeof updatePlanPriceRequestSchema>;
