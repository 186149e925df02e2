import { describe, expect, it } from 'vitest';
import { decode, renderHtml } from '@/test/render';
import { emptyProductForm, type ProductFormState } from '@/features/admin-console/product-form';
import { ProductPreview } from './product-preview';

const form: ProductFormState = {
  ...emptyProductForm(),
  name: { es: 'Sermones Pro', en: 'Sermons Pro' },
  description: { es: 'Prepara sermones.', en: 'Prepare sermons.' },
  features: { es: ['Uno', '', 'Tres', ''], en: ['One', 'Two', '', ''] },
  price: '12.5',
  popular: true,
  image: '/api/catalog/images/abc.webp',
};

describe('the product card preview', () => {
  it('shows the card in the page’s language as the landing page will, blank features left out', () => {
    const html = decode(renderHtml(<ProductPreview form={form} />, 'es'));
    expect(html).toContain('Sermones Pro');
    expect(html).toContain('Prepara sermones.');
    expect(html).toContain('$12.50');
    expect(html).toContain('src="/api/catalog/images/abc.webp"');
    expect(html.match(/<li /g)).toHaveLength(2);
    expect(html).not.toContain('Sermons Pro');
  });

  it('reads in English, and names the tool until it has a name', () => {
    const english = decode(renderHtml(<ProductPreview form={form} />, 'en'));
    expect(english).toContain('Sermons Pro');
    const blank = decode(renderHtml(<ProductPreview form={emptyProductForm()} />, 'en'));
    expect(blank).toContain('Tool name');
    // Without an uploaded picture, a plain canvas stands where the default art will be.
    expect(blank).toContain('src="data:image/svg+xml,');
  });

  it('does not sell: the buy button is a picture of one, hidden from screen readers', () => {
    const html = decode(renderHtml(<ProductPreview form={form} />, 'es'));
    expect(html).not.toContain('<a ');
    expect(html).not.toContain('<button');
    expect(html).toMatch(/<span aria-hidden="true"[^>]*>Comprar Ahora<\/span>/);
  });
});
