import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The web's import boundaries are only as good as the lint config that states them: this lints
// source text as if it lived at a given path, through the repository's own eslint.config.js.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: repoRoot });
  // The first lint loads the config and its parsers (seconds on a busy machine): once, here,
  // rather than inside the first test's time limit.
  await eslint.lintText('', { filePath: 'web/src/main.tsx' });
}, 60_000);

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  // A file that does not parse has no import messages either: that must not pass for "allowed".
  if (!result || result.fatalErrorCount > 0) throw new Error(`${filePath} did not lint`);
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const importing = (source: string) => `import { thing } from '${source}';\nexport { thing };\n`;

describe('a feature', () => {
  const file = 'web/src/features/landing/components/a.tsx';

  it('may not import another feature', async () => {
    const [message] = await restrictedImports(file, importing('@/features/auth/api/login'));
    expect(message).toMatch(/A feature imports only its own files/);
  });

  it('may not import a route', async () => {
    expect(await restrictedImports(file, importing('@/app/routes/landing'))).toHaveLength(1);
  });

  it.each([
    '@/lib/session',
    '@/components/ui/button',
    '@/i18n',
    '@/config/paths',
    // The catalogue (useCatalog) is data every page reads.
    '@/features/catalog/use-catalog',
  ])('may import the shared %s', async (source) => {
    expect(await restrictedImports(file, importing(source))).toEqual([]);
  });

  it('may import its own files and the libraries', async () => {
    const code = [
      "import { a } from '@/features/landing/structured-data';",
      "import { b } from './hero';",
      "import { c } from '@mia/catalog';",
      "import { d } from '@tanstack/react-query';",
      'export { a, b, c, d };',
    ].join('\n');
    expect(await restrictedImports(file, code)).toEqual([]);
  });

  it('is bound whatever its name, also one the config has not seen yet', async () => {
    const message = await restrictedImports(
      'web/src/features/x/components/a.tsx',
      importing('@/features/auth/api/login'),
    );
    expect(message).toHaveLength(1);
  });

  it('cannot cross the boundary with a relative path', async () => {
    const [message] = await restrictedImports(
      'web/src/features/landing/structured-data.ts',
      importing('../auth/api/login'),
    );
    expect(message).toMatch(/through '@\/…'/);
  });
});

describe('the rest of web/src', () => {
  it('lets a route compose any feature', async () => {
    const code = importing('@/features/auth/components/auth-screen');
    expect(await restrictedImports('web/src/app/routes/auth.tsx', code)).toEqual([]);
  });

  it('keeps the shared layers free of features and routes', async () => {
    for (const source of ['@/features/auth/api/login', '@/app/router']) {
      expect(await restrictedImports('web/src/lib/x.ts', importing(source))).toHaveLength(1);
    }
  });

  it('refuses deep relative imports anywhere', async () => {
    const code = importing('../../lib/cn');
    expect(await restrictedImports('web/src/components/ui/x.tsx', code)).toHaveLength(1);
    expect(await restrictedImports('web/src/app/routes/x.tsx', code)).toHaveLength(1);
  });
});
