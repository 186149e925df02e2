import { seedCatalogProduct } from '@mia/testing';
import { describe, expect, it } from 'vitest';
import { catalogTool } from '../catalog/catalog.js';
import { buildPrompt } from './prompt.js';

const question = (tools: Parameters<typeof buildPrompt>[0]['tools']) =>
  buildPrompt({
    language: 'en',
    question: 'Which tools do you sell?',
    history: [],
    articles: [],
    account: '',
    tools,
  })[0]!.content;

describe('chat prompt', () => {
  it('lists the tools on sale from the catalogue, in the reader language, with prices', () => {
    const prompt = question([
      catalogTool(seedCatalogProduct('apocalipsis')),
      catalogTool({ ...seedCatalogProduct('generador-sermones'), priceCents: 1250 }),
    ]);
    expect(prompt).toContain('<tools_on_sale count="2">');
    expect(prompt).toMatch(/- Study of Revelation \(9\.99 USD\): /);
    expect(prompt).toMatch(/- Sermon Generator \(12\.50 USD\): /);
  });

  it('leaves retired tools out: they are no longer sold', () => {
    const prompt = question([
      catalogTool(seedCatalogProduct('apocalipsis'), 'retired'),
      catalogTool(seedCatalogProduct('generador-sermones')),
    ]);
    expect(prompt).toContain('<tools_on_sale count="1">');
    expect(prompt).not.toContain('Revelation');
  });
});
