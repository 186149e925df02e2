import { describe, expect, it } from 'vitest';
import { multiLineText, singleLineText } from './text.js';

const ok = (schema: ReturnType<typeof singleLineText>, value: string) =>
  schema.safeParse(value).success;

describe('singleLineText', () => {
  const schema = singleLineText({ max: 20 });

  it('accepts ordinary text, accents and emoji', () => {
    expect(ok(schema, 'Señor, ¿qué?')).toBe(true);
    expect(ok(schema, 'Gracias 🙏')).toBe(true);
  });

  it('refuses every control character, line breaks and tabs included', () => {
    for (const c of ['\u0000', '\n', '\r', '\t', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(ok(schema, `a${c}b`), JSON.stringify(c)).toBe(false);
    }
  });

  it('refuses half of a surrogate pair, and accepts a whole one', () => {
    expect(ok(schema, 'a\ud800b')).toBe(false);
    expect(ok(schema, 'a\udfffb')).toBe(false);
    expect(ok(multiLineText(), 'a\ud83d')).toBe(false);
    expect(ok(schema, 'a\ud83d\ude4fb')).toBe(true);
  });

  it('is non-empty by default and bounded', () => {
    expect(ok(schema, '')).toBe(false);
    expect(ok(schema, 'x'.repeat(21))).toBe(false);
    expect(ok(singleLineText({ min: 0 }), '')).toBe(true);
  });

  it('trims only when asked, before checking the length', () => {
    const trimmed = singleLineText({ trim: true, minMessage: 'Required' });
    expect(trimmed.parse('  hola ')).toBe('hola');
    expect(trimmed.safeParse('   ').error?.issues[0]?.message).toBe('Required');
    expect(singleLineText().parse(' hola ')).toBe(' hola ');
  });
});

describe('multiLineText', () => {
  const schema = multiLineText();

  it('allows tab, line feed and carriage return', () => {
    expect(ok(schema, 'línea 1\r\nlínea 2\n\tsangría')).toBe(true);
  });

  it('refuses the other control characters', () => {
    for (const c of ['\u0000', '\u0008', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085']) {
      expect(ok(schema, `a${c}b`), JSON.stringify(c)).toBe(false);
    }
  });
});
