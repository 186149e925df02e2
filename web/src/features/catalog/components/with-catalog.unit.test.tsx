import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { catalogQueryKey } from '@/features/catalog/api/get-catalog';
import { catalogFixture } from '@/features/catalog/catalog.fixture';
import { decode, renderHtml } from '@/test/render';
import { WithCatalog } from './with-catalog';

/** A cache already holding the catalogue, a failure, or nothing (loading). */
function clientWith(state: 'loaded' | 'failed' | 'loading'): QueryClient {
  // No retry on mount: the failure stays what the component sees (a retry is the button's job).
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false } },
  });
  const cache = client.getQueryCache();
  if (state === 'loaded') client.setQueryData(catalogQueryKey, catalogFixture());
  if (state === 'failed') {
    const query = cache.build(client, { queryKey: catalogQueryKey });
    query.setState({ status: 'error', error: new Error('503'), fetchStatus: 'idle' });
  }
  return client;
}

const render = (state: 'loaded' | 'failed' | 'loading', locale: 'es' | 'en' = 'es') =>
  decode(
    renderHtml(
      <QueryClientProvider client={clientWith(state)}>
        <WithCatalog>
          {(view) => <p data-testid="names">{view.products.map((p) => p.name).join('|')}</p>}
        </WithCatalog>
      </QueryClientProvider>,
      locale,
    ),
  );

describe('WithCatalog', () => {
  it('renders the page with the catalogue in the visitor’s language', () => {
    expect(render('loaded', 'es')).toContain('Generador de Sermones|');
    expect(render('loaded', 'en')).toContain('Sermon Generator|');
  });

  it('shows placeholder cards while the catalogue loads, announced in each language', () => {
    const es = render('loading', 'es');
    expect(es).toContain('role="status"');
    expect(es).toContain('Cargando las herramientas...');
    expect(es).toContain('animate-pulse');
    expect(render('loading', 'en')).toContain('Loading the tools...');
  });

  it('says the catalogue failed and offers to try again', () => {
    const es = render('failed', 'es');
    expect(es).toContain('role="alert"');
    expect(es).toContain('No pudimos cargar las herramientas');
    expect(es).toContain('Reintentar');
    expect(render('failed', 'en')).toContain('Try again');
  });
});
