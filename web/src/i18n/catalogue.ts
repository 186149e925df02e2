import { coreEs } from './core.es';
import type { Messages } from './es';
import type { Locale } from './locale';

/**
 * The catalogue as the app loads it. Only the core texts (core.es.ts: the layout, the landing page,
 * page titles) ride in the first download, and only in Spanish, the product's language. English and
 * every section (a pair `sections/NAME.es.ts` + `sections/NAME.en.ts`, one exported object each)
 * are fetched on demand: a lazy route awaits its sections before it renders (app/lazy-route.ts),
 * and switching language fetches the new language's core and every section already shown before
 * swapping, so no text ever appears untranslated or missing.
 *
 * Adding a section is adding its file pair (and spreading it into es.ts / en.ts for the type and
 * the tests): the files are found here by name, so there is no list to register them in.
 */

type Part = Partial<Messages>;
type Loader = () => Promise<Record<string, unknown>>;

// Lazy: each file is its own chunk, fetched only when asked for.
const sectionFiles = import.meta.glob<Record<string, unknown>>([
  './sections/*.es.ts',
  './sections/*.en.ts',
]);

const sectionFile = /\/([\w-]+)\.(es|en)\.ts$/;

/** Every section's name, from its files: 'commerce', 'support', ... */
export const sectionNames: readonly string[] = [
  ...new Set(Object.keys(sectionFiles).map((path) => sectionFile.exec(path)![1]!)),
];

/** A section file exports one object; its keys are the catalogue's top-level keys it provides. */
const partOf = (module: Record<string, unknown>): Part =>
  Object.assign({}, ...Object.values(module)) as Part;

function loadSection(name: string, locale: Locale): Promise<Part> {
  const load: Loader | undefined = sectionFiles[`./sections/${name}.${locale}.ts`];
  if (!load) return Promise.reject(new Error(`No catalogue section '${name}' in '${locale}'`));
  return load().then(partOf);
}

const loadCore = (locale: Locale): Promise<Part> =>
  locale === 'es' ? Promise.resolve(coreEs) : import('./core.en').then((module) => module.coreEn);

export interface CatalogueState {
  locale: Locale;
  /** Typed as the whole catalogue; holds the core and the sections loaded so far. */
  t: Messages;
}

let state: CatalogueState | null = null;
const loaded = new Set<string>();
const listeners = new Set<() => void>();

function publish(next: CatalogueState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Loads the core texts of the first page's language. Resolves before the first render. */
export async function startCatalogue(locale: Locale): Promise<CatalogueState> {
  if (state?.locale === locale) return state;
  publish({ locale, t: (await loadCore(locale)) as Messages });
  return state!;
}

export const catalogueState = (): CatalogueState => {
  if (!state) throw new Error('The catalogue is not started (startCatalogue)');
  return state;
};

export function subscribeCatalogue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Makes the named sections (all of them when none are named) part of the catalogue in the current
 * language. Resolves once they are in `catalogueState().t`.
 */
export async function ensureSections(names: readonly string[] = sectionNames): Promise<void> {
  const current = catalogueState();
  const missing = names.filter((name) => !loaded.has(name));
  if (!missing.length) return;
  const parts = await Promise.all(missing.map((name) => loadSection(name, current.locale)));
  // The language changed while these were in flight: fetch them again in the new one.
  if (catalogueState().locale !== current.locale) return ensureSections(names);
  for (const name of missing) loaded.add(name);
  publish({ locale: current.locale, t: Object.assign({}, catalogueState().t, ...parts) });
}

/** Switches language once the new language's core and every section already shown are loaded. */
export async function switchCatalogue(locale: Locale): Promise<void> {
  for (;;) {
    const sections = [...loaded];
    const [core, ...parts] = await Promise.all([
      loadCore(locale),
      ...sections.map((name) => loadSection(name, locale)),
    ]);
    // A route loaded another section meanwhile (in the old language): include it too.
    if (loaded.size !== sections.length) continue;
    publish({ locale, t: Object.assign({}, core, ...parts) as Messages });
    return;
  }
}
