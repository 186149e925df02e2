import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  annualDiscountPercent,
  annualPlan,
  annualSavingsCents,
  centsToAmountString,
  checkoutProducts,
  findCheckoutItem,
  formatUsd,
  LIFETIME_ACCESS_FEATURE,
  monthlyPlan,
  products,
  trialEndsAt,
} from './index.js';
import { catalogImagesDir } from './node.js';

const SPEC_IDS = [
  'generador-sermones',
  'manual-ceremonias',
  'mensajes-expositivos',
  'comentario-exegetico',
  'epistolas-pablo',
  'apocalipsis',
  'cantar-cantares',
  'capacitacion-biblica',
  'diccionario-biblico',
  'estudios-biblicos-profundos',
  'antiguo-testamento-hebreo',
  'nuevo-testamento-griego',
  'que-dice-la-biblia',
  'capacitacion-practica-fe',
];

describe('products', () => {
  it('are the 14 of the spec, in its order', () => {
    expect(products.map((p) => p.id)).toEqual(SPEC_IDS);
  });

  it('cost 9.99 USD, one-time, with four features, the first being lifetime access', () => {
    for (const p of products) {
      expect(p.priceCents, p.id).toBe(999);
      expect(p.currency).toBe('USD');
      expect(p.features, p.id).toHaveLength(4);
      expect(p.featuresEn, p.id).toHaveLength(4);
      expect(p.features[0], p.id).toBe(LIFETIME_ACCESS_FEATURE);
      expect(p.name.length && p.nameEn.length && p.description.length).toBeGreaterThan(0);
    }
  });

  it('marks only epistolas-pablo as popular', () => {
    expect(products.filter((p) => p.popular).map((p) => p.id)).toEqual(['epistolas-pablo']);
  });

  it('each has an SVG image on disk, drawn locally (no external references)', () => {
    for (const p of products) {
      expect(p.image).toBe(`/products/${p.id}.svg`);
      const file = join(catalogImagesDir, `${p.id}.svg`);
      expect(existsSync(file), file).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg).toContain('<svg');
      expect(svg).not.toMatch(/(href|src)="https?:/);
    }
  });

  it('checkout sells the first nine tools and both plans; anything else is invalid', () => {
    expect(checkoutProducts.map((p) => p.id)).toEqual(SPEC_IDS.slice(0, 9));
    expect(findCheckoutItem('manual-ceremonias')?.kind).toBe('product');
    expect(findCheckoutItem('annual-subscription')?.kind).toBe('plan');
    expect(findCheckoutItem('que-dice-la-biblia')).toBeUndefined();
    expect(findCheckoutItem('nope')).toBeUndefined();
  });
});

describe('plans', () => {
  it('monthly 20 USD, annual 65 USD (what checkout charges)', () => {
    expect(monthlyPlan.priceCents).toBe(2000);
    expect(annualPlan.priceCents).toBe(6500);
  });

  it('derive savings and discount from the prices', () => {
    expect(annualSavingsCents()).toBe(12 * 2000 - 6500);
    expect(annualDiscountPercent()).toBe(73);
  });
});

describe('money and trial', () => {
  it('formats amounts as the pages and API show them', () => {
    expect(centsToAmountString(999)).toBe('9.99');
    expect(centsToAmountString(6500)).toBe('65.00');
    expect(formatUsd(999, 'en')).toBe('$9.99 USD');
    expect(formatUsd(17500, 'es', { fractionDigits: 0 })).toMatch(/^\$\s?175 USD$/);
  });

  it('a trial lasts three days', () => {
    const start = new Date('2026-11-21T10:00:00.000Z');
    expect(trialEndsAt(start).toISOString()).toBe('2026-11-24T10:00:00.000Z');
  });
});
