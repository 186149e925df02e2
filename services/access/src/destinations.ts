import { products, resolveDestinations, type ProductId, type ToolDestination } from '@mia/catalog';
import type { AccessConfig } from './config.js';

export type ToolLinks = Readonly<Record<ProductId, ToolDestination>>;

/** The development page that stands in for a tool's external chatbot. */
export const standInPath = (productId: string) => `/api/gpt/stand-in/${productId}`;

/**
 * Where each tool opens: `GPT_URLS` over the catalogue's links. Outside production a tool that
 * `GPT_URLS` does not name opens the local stand-in page instead of a placeholder link, so a
 * newcomer sees the whole loop (open, ask for the code, verify) offline.
 */
export function toolLinks(
  config: Pick<AccessConfig, 'GPT_URLS' | 'MIA_ENV' | 'PUBLIC_ORIGIN'>,
): ToolLinks {
  const resolved = resolveDestinations(config.GPT_URLS);
  if (config.MIA_ENV === 'production') return resolved;
  const configured = new Set(
    config.GPT_URLS?.trim() ? Object.keys(JSON.parse(config.GPT_URLS) as object) : [],
  );
  const links = { ...resolved };
  for (const { id } of products) {
    if (configured.has(id)) continue;
    links[id] = {
      kind: resolved[id].kind,
      url: new URL(standInPath(id), config.PUBLIC_ORIGIN).href,
    };
  }
  return links;
}
