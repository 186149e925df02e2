import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// Identity's folders depend in one direction: the user aggregate (users/) knows nothing of the
// features built on it, and the features do not reach into each other. Shared infrastructure
// (shared/, passwords/, rate-limit/) and the top-level leaves (identity, config, db) know no
// feature at all. service.ts composes everything and may import anything.
const src = dirname(fileURLToPath(import.meta.url));
const infrastructure = [
  'shared',
  'passwords',
  'rate-limit',
  'generated',
  'identity',
  'config',
  'db',
];
const allowed: Record<string, readonly string[]> = {
  users: infrastructure,
  sessions: ['users', ...infrastructure],
  'password-reset': ['users', ...infrastructure],
  'email-verification': ['users', ...infrastructure],
  admin: ['users', ...infrastructure],
  'two-factor': ['users', ...infrastructure],
  // The OAuth authorization server and the connected apps (issue 23).
  oauth: ['users', ...infrastructure],
  // Identity's consumers compose the features' reactions, as service.ts composes the rest.
  integration: ['oauth', 'privacy', ...infrastructure],
  // Account export (issue 27): reads the users' tables and streams for identity's own part.
  privacy: ['users', ...infrastructure],
  shared: infrastructure,
  passwords: infrastructure,
  'rate-limit': infrastructure,
  identity: infrastructure,
  config: infrastructure,
  db: infrastructure,
};

/** `users/register.ts` -> `users`; a top-level `config.ts` -> `config`. */
const unitOf = (file: string) => {
  const [first = '', ...rest] = relative(src, file).split(sep);
  return rest.length > 0 ? first : first.replace(/(\.(fixture|unit\.test|int\.test))?\.[jt]s$/, '');
};

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'generated') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

function crossings(files: Iterable<[path: string, text: string]>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    const from = unitOf(file);
    if (!allowed[from]) continue;
    // Integration tests (and their fixtures) start the whole service through the harness.
    const testing = /\.(test|fixture)\.ts$/.test(file);
    const rules = [...allowed[from], ...(testing ? ['identity-harness'] : [])];
    for (const [, specifier] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const to = unitOf(join(dirname(file), specifier!));
      if (to !== from && !rules.includes(to)) found.push(`${relative(src, file)} -> ${specifier}`);
    }
  }
  return found;
}

function* identitySources(): Generator<[string, string]> {
  for (const file of sourceFiles(src)) yield [file, readFileSync(file, 'utf8')];
}

it('keeps the folders importing in one direction (features -> users -> infrastructure)', () => {
  expect(crossings(identitySources())).toEqual([]);
});

it('reports an import against the direction', () => {
  expect(
    crossings([
      [join(src, 'users', 'register.ts'), "import { login } from '../sessions/login.js';"],
      [join(src, 'sessions', 'login.ts'), "import { x } from '../password-reset/routes.js';"],
      [join(src, 'shared', 'mailer.ts'), "import { y } from '../users/events.js';"],
      [join(src, 'admin', 'roles.ts'), "import { z } from '../users/roles.js';"],
    ]),
  ).toEqual([
    'users/register.ts -> ../sessions/login.js',
    'sessions/login.ts -> ../password-reset/routes.js',
    'shared/mailer.ts -> ../users/events.js',
  ]);
});
