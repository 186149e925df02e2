import { describe, expect, it } from 'vitest';
import {
  DestinationConfigError,
  placeholderGptUrl,
  products,
  resolveDestinations,
} from './index.js';

describe('product destinations', () => {
  it('default to a custom GPT at the placeholder link, which gptUrl mirrors', () => {
    for (const p of products) {
      expect(p.destination, p.id).toEqual({ kind: 'custom-gpt', url: placeholderGptUrl(p.id) });
      expect(p.gptUrl, p.id).toBe(p.destination.url);
    }
  });
});

describe('resolveDestinations', () => {
  it('without configuration gives every product its default', () => {
    for (const input of [undefined, '', '  ', '{}']) {
      const resolved = resolveDestinations(input);
      expect(Object.keys(resolved)).toEqual(products.map((p) => p.id));
      expect(resolved['apocalipsis']).toEqual(
        products.find((p) => p.id === 'apocalipsis')!.destination,
      );
    }
  });

  it('applies bare URLs (keeping the kind) and {kind, url} objects, leaving the rest alone', () => {
    const resolved = resolveDestinations(
      JSON.stringify({
        'generador-sermones': 'https://chatgpt.com/g/g-abc123-generador',
        apocalipsis: { kind: 'web-app', url: 'http://localhost:5173/apocalipsis' },
      }),
    );
    expect(resolved['generador-sermones']).toEqual({
      kind: 'custom-gpt',
      url: 'https://chatgpt.com/g/g-abc123-generador',
    });
    expect(resolved.apocalipsis).toEqual({
      kind: 'web-app',
      url: 'http://localhost:5173/apocalipsis',
    });
    expect(resolved['manual-ceremonias'].url).toBe(placeholderGptUrl('manual-ceremonias'));
  });

  it('does not change the catalogue it starts from', () => {
    resolveDestinations('{"apocalipsis":"https://example.org/a"}');
    expect(resolveDestinations().apocalipsis.url).toBe(placeholderGptUrl('apocalipsis'));
    expect(products.find((p) => p.id === 'apocalipsis')!.destination.url).toBe(
      placeholderGptUrl('apocalipsis'),
    );
  });

  const failure = (json: string): string => {
    try {
      resolveDestinations(json);
    } catch (error) {
      expect(error).toBeInstanceOf(DestinationConfigError);
      return (error as Error).message;
    }
    throw new Error(`accepted ${json}`);
  };

  it('refuses unknown product ids, naming them', () => {
    const message = failure('{"sermones":"https://a.example","__proto__":"https://b.example"}');
    expect(message).toContain('sermones: unknown product');
    expect(message).toContain('__proto__: unknown product');
  });

  it('refuses URLs the browser should not open', () => {
    for (const url of ['javascript:alert(1)', 'ftp://files.example/x', '/relative', 'not a url']) {
      expect(failure(JSON.stringify({ apocalipsis: url })), url).toContain(
        'apocalipsis: must be an absolute http(s) URL',
      );
    }
    expect(
      failure(JSON.stringify({ apocalipsis: { kind: 'custom-gpt', url: 'data:text/html,x' } })),
    ).toContain('apocalipsis.url: must be an absolute http(s) URL');
  });

  it('refuses unknown kinds, missing fields and stray keys', () => {
    expect(failure('{"apocalipsis":{"kind":"zoom","url":"https://a.example"}}')).toContain(
      'apocalipsis.kind',
    );
    expect(failure('{"apocalipsis":{"url":"https://a.example"}}')).toContain('apocalipsis.kind');
    expect(
      failure('{"apocalipsis":{"kind":"web-app","url":"https://a.example","urll":"x"}}'),
    ).toContain('urll');
  });

  it('refuses anything but a JSON object', () => {
    expect(failure('{bad')).toMatch(/must be a JSON object/);
    expect(failure('["https://a.example"]')).toMatch(/must be a JSON object/);
    expect(failure('"https://a.example"')).toMatch(/must be a JSON object/);
    expect(failure('null')).toMatch(/must be a JSON object/);
  });
});
