import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The main entry is bundled into the browser app; only `node.ts` may use Node APIs.
describe('main entry', () => {
  it('imports no Node built-ins', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const sources = readdirSync(dir).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'node.ts',
    );
    expect(sources).toContain('index.ts');
    for (const file of sources) {
      const text = readFileSync(`${dir}${file}`, 'utf8');
      expect(text, file).not.toMatch(/from ['"](?:node:|fs|path|url)['"/]/);
      expect(text, file).not.toMatch(/\bprocess\./);
    }
  });
});
