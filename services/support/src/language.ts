import type { Request } from 'express';

/** The two languages support answers in; Spanish is the product's own. */
export type Language = 'es' | 'en';
export const DEFAULT_LANGUAGE: Language = 'es';

const isLanguage = (value: unknown): value is Language => value === 'es' || value === 'en';

/** The first language of an Accept-Language header we speak, by the client's preference. */
export function languageFromHeader(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage);
}

/** `?lang=` wins (the web's own choice), then Accept-Language, then Spanish. */
export function requestLanguage(req: Pick<Request, 'query' | 'headers'>): Language {
  const lang = req.query?.lang;
  if (isLanguage(lang)) return lang;
  return languageFromHeader(req.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}
