import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxKeyFile, writeSandboxKey } from './sandbox-key.js';

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

describe("the Stripe sandbox's key of a run", () => {
  it('is random each run, and only its owner can read the file', () => {
    dir = mkdtempSync(join(tmpdir(), 'mia-sandbox-key-'));
    const path = sandboxKeyFile(dir);
    expect(path).toBe(join(dir, 'stripe-sandbox', 'secret-key'));
    const first = writeSandboxKey(path);
    const second = writeSandboxKey(path);
    expect(first).toMatch(/^sk_test_[0-9a-f]{48}$/);
    expect(second).not.toBe(first);
    expect(readFileSync(path, 'utf8').trim()).toBe(second);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('tightens a file left readable by others', () => {
    dir = mkdtempSync(join(tmpdir(), 'mia-sandbox-key-'));
    const path = sandboxKeyFile(dir);
    mkdirSync(join(dir, 'stripe-sandbox'));
    writeFileSync(path, 'sk_test_old\n', { mode: 0o644 });
    expect(statSync(path).mode & 0o777).toBe(0o644);
    writeSandboxKey(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});
