import type { CatalogCopy, LandingCatalog } from './landing-catalog.js';
import { renderLanding, type LandingRenderOptions } from './landing-render.js';
import { htmlAsset, type Asset, type LandingAsset } from './static.js';

/**
 * The page served at `/`: the built index.html rendered with the current catalogue copy. Rendered
 * and compressed once per catalogue copy and build, not per request; its ETag follows the content,
 * so browsers revalidate it like any page.
 */
export function createLandingPage(
  catalog: LandingCatalog,
  options: LandingRenderOptions = {},
): LandingAsset {
  let last: { index: Asset; copy: CatalogCopy | undefined; page: Asset } | undefined;
  return async (index) => {
    const html = index.identity.data?.toString('utf8');
    if (html === undefined) return index;
    const copy = await catalog.current();
    if (last && last.index === index && last.copy === copy) return last.page;
    const page = htmlAsset(renderLanding(html, copy?.catalog, options), index.identity.file);
    last = { index, copy, page };
    return page;
  };
}
