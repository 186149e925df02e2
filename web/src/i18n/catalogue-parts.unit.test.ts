import { describe, expect, it } from 'vitest';
import {
  catalogueState,
  ensureSections,
  sectionNames,
  startCatalogue,
  switchCatalogue,
} from './catalogue';
import { coreEs } from './core.es';
import { en } from './en';
import { es } from './es';

// The app assembles the catalogue from core.<locale>.ts and the files of sections/; es.ts and en.ts
// spread the same parts for the type and the shape tests. These tests hold the two views together,
// so a section added to one and not the other fails here rather than as a missing text in a page.
describe('catalogue loaded in parts', () => {
  it('finds the sections by their files', () => {
    expect(sectionNames).toEqual(
      expect.arrayContaining(['account', 'commerce', 'pages', 'security', 'support']),
    );
  });

  it('starts with the Spanish core only, then adds a route’s sections', async () => {
    await startCatalogue('es');
    expect(catalogueState().t).toEqual(coreEs);
    expect(catalogueState().t.featuresPage).toBeUndefined();

    await ensureSections(['pages']);
    expect(catalogueState().t.featuresPage).toEqual(es.featuresPage);
    expect(catalogueState().t.auth).toBeUndefined();
  });

  it('switches language with the sections already shown, then loads the rest in that language', async () => {
    await switchCatalogue('en');
    expect(catalogueState().locale).toBe('en');
    expect(catalogueState().t.featuresPage).toEqual(en.featuresPage);
    expect(catalogueState().t.auth).toBeUndefined();

    await ensureSections();
    expect(catalogueState().t).toEqual(en);
  });

  it('assembles exactly the whole catalogue of each language from the core and every section', async () => {
    await switchCatalogue('es');
    expect(catalogueState().t).toEqual(es);
    await switchCatalogue('en');
    expect(catalogueState().t).toEqual(en);
  });

  it('loads a section asked for during a switch in the new language', async () => {
    await switchCatalogue('es');
    const switching = switchCatalogue('en');
    await Promise.all([switching, ensureSections()]);
    expect(catalogueState()).toEqual({ locale: 'en', t: en });
  });

  it('refuses a section that has no file', async () => {
    await expect(ensureSections(['nonexistent'])).rejects.toThrow(
      "No catalogue section 'nonexistent' in 'en'",
    );
  });
});
