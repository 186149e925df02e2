import { describe, expect, it } from 'vitest';
import { en } from './en';
import { es } from './es';
import { collectTexts, shapeDifferences } from './shape';
import { ruleTexts, translateRule } from './validation';

describe('message catalogue', () => {
  it('has the same keys, lists and parameters in Spanish and English', () => {
    expect(shapeDifferences(es, en)).toEqual([]);
  });

  it('reports a key missing from a locale', () => {
    const { dashboard: _dropped, ...withoutDashboard } = en;
    const broken = { ...withoutDashboard, nav: { ...en.nav, pricing: undefined } };
    expect(shapeDifferences(es, broken)).toEqual(
      expect.arrayContaining([
        'nav.pricing: string vs undefined',
        'dashboard: missing in the other locale',
      ]),
    );
  });

  it('reports lists of different length and empty texts', () => {
    const broken = {
      ...en,
      featuresPage: { ...en.featuresPage, benefits: en.featuresPage.benefits.slice(1) },
      common: { ...en.common, close: ' ' },
    };
    expect(shapeDifferences(es, broken)).toEqual(
      expect.arrayContaining(['featuresPage.benefits: 6 items vs 5', 'common.close: empty text']),
    );
  });

  it('carries the spec’s English texts verbatim in English and Spanish texts verbatim in Spanish', () => {
    expect(en.notFound.title).toBe('404 Page Not Found');
    expect(en.notFound.hint).toBe('Did you forget to add the page to the router?');
    expect(en.toasts.resetSuccessText).toBe(
      'Your password has been reset. You can now log in with your new password.',
    );
    expect(en.auth.login.forgot).toBe('Forgot password?');
    expect(en.auth.forgot.back).toBe('Back to Sign In');
    expect(es.landing.products.buyNow).toBe('Comprar Ahora');
    expect(es.featuresPage.cta.pricing).toBe('Ver Precios');
    expect(es.featuresPage.cta.support).toBe('Contactar Soporte');
    expect(es.status.badges).toEqual({
      newFeature: 'Nueva Funcionalidad',
      comingSoon: 'Próximamente',
    });
    expect(es.verify.required).toBe('Por favor, ingresa tu email y selecciona un producto.');
  });

  it('translates every Spanish text (no English sentence left in the Spanish catalogue)', () => {
    const english = new Set(collectTexts(en));
    const allowedSame = new Set([
      ...['Error', 'USD', 'GPT', 'Español', 'English', '404', '< 2 s', 'Legal', '6. Cookies'],
    ]);
    const untranslated = collectTexts(es).filter(
      (text) => english.has(text) && !allowedSame.has(text) && /[a-z]{3}/i.test(text),
    );
    expect(untranslated).toEqual([]);
  });

  it('shows schema rule texts in the visitor’s language', () => {
    expect(translateRule(ruleTexts.passwordsMismatch, es)).toBe(es.validation.passwordsMismatch);
    expect(translateRule(ruleTexts.invalidEmail, en)).toBe('Please enter a valid email address');
    expect(translateRule('Something else', es)).toBe('Something else');
    expect(translateRule(undefined, es)).toBeUndefined();
  });
});
