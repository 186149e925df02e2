import { catalogProductSnapshotSchema } from '@mia/contracts';
import type { z } from 'zod';
import type { SupportDb } from '../db.js';
import type { Language } from '../language.js';

/** What support reads of a snapshot (integration/consumes/Product*.json). */
const readSchema = catalogProductSnapshotSchema.pick({
  productId: true,
  name: true,
  description: true,
  priceCents: true,
  currency: true,
  position: true,
});

/** One tool as support speaks of it. */
export interface CatalogTool {
  id: string;
  name: Record<Language, string>;
  description: Record<Language, string>;
  priceCents: number;
  currency: string;
  status: 'published' | 'retired';
}

/** Tool names by id, for naming what a customer owns (retired tools keep their names). */
export type ToolNames = Readonly<Record<string, Record<Language, string>>>;

type ToolSnapshot = z.infer<typeof readSchema>;

/** A snapshot as support speaks of it. */
export const catalogTool = (
  p: ToolSnapshot,
  status: 'published' | 'retired' = 'published',
): CatalogTool => ({
  id: p.productId,
  name: p.name,
  description: p.description,
  priceCents: p.priceCents,
  currency: p.currency,
  status,
});

/** Every tool billing has published (retired ones too), in page order. */
export async function readCatalog(db: SupportDb): Promise<CatalogTool[]> {
  const rows = await db.catalogProduct.findMany();
  return rows
    .flatMap((row) => {
      const parsed = readSchema.safeParse(row.product);
      // A retirement read before its product: nothing to say until the snapshot arrives.
      if (!parsed.success) return [];
      const status = row.status === 'retired' ? 'retired' : 'published';
      return [{ tool: catalogTool(parsed.data, status), position: parsed.data.position }];
    })
    .sort((a, b) => a.position - b.position || a.tool.id.localeCompare(b.tool.id))
    .map(({ tool }) => tool);
}

export const toolNames = (tools: readonly CatalogTool[]): ToolNames =>
  Object.fromEntries(tools.map((t) => [t.id, t.name]));
