import { catalogProductSnapshotSchema } from '@mia/contracts';
import { ConfigError, loadConfig } from '@mia/service-kit';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../config.js';
import { seedCatalogue } from './seed-data.js';

const origin = 'http://localhost:8080';
const GPT_URLS = JSON.stringify({ apocalipsis: 'https://chatgpt.com/g/g-apocalipsis-real' });

describe('the seed catalogue', () => {
  it("is today's 14 tools in catalogue order and 2 plans, each a valid snapshot", () => {
    const seed = seedCatalogue({ MIA_ENV: 'development', PUBLIC_ORIGIN: origin });
    expect(seed.products).toHaveLength(14);
    expect(seed.products.map((p) => p.position)).toEqual([...Array(14).keys()]);
    for (const product of seed.products) catalogProductSnapshotSchema.parse(product);
    expect(seed.products[0]).toMatchObject({
      productId: 'generador-sermones',
      currency: 'usd',
      image: '/products/generador-sermones.svg',
      examplePrompts: { en: [] },
    });
    expect(seed.products[0]!.examplePrompts.es.length).toBeGreaterThan(0);
    expect(seed.plans).toEqual([
      { planType: 'monthly', priceCents: 2000, currency: 'usd', interval: 'month' },
      { planType: 'annual', priceCents: 6500, currency: 'usd', interval: 'year' },
    ]);
  });

  it('outside production, tools GPT_URLS does not name open the local stand-in', () => {
    const seed = seedCatalogue({ MIA_ENV: 'development', PUBLIC_ORIGIN: origin, GPT_URLS });
    const url = (id: string) => seed.products.find((p) => p.productId === id)?.destination.url;
    expect(url('apocalipsis')).toBe('https://chatgpt.com/g/g-apocalipsis-real');
    expect(url('diccionario-biblico')).toBe(`${origin}/api/gpt/stand-in/diccionario-biblico`);
    expect(seed.placeholders).toEqual([]);
  });

  it('in production they keep the placeholder link, and are listed for a warning', () => {
    const seed = seedCatalogue({
      MIA_ENV: 'production',
      PUBLIC_ORIGIN: 'https://ministerio-ia.example',
      GPT_URLS,
    });
    expect(seed.placeholders).toHaveLength(13);
    expect(seed.placeholders).not.toContain('apocalipsis');
    expect(seed.products.find((p) => p.productId === 'diccionario-biblico')?.destination.url).toBe(
      'https://chatgpt.com/g/g-mia-diccionario-biblico',
    );
  });

  it('billing refuses a GPT_URLS it cannot read, naming the variable', () => {
    for (const bad of ['{not json', JSON.stringify({ 'no-such-tool': 'https://x.example' })]) {
      let problems: string[] = [];
      try {
        loadConfig(configSchema, { MIA_ENV: 'development', GPT_URLS: bad });
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        problems = error.problems.map((p) => p.variable);
      }
      expect(problems).toContain('GPT_URLS');
    }
  });
});
