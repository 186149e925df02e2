import { devKeys, createSessionVerifier, loadConfig } from '@mia/service-kit';
import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import { identityConfigSchema } from '../config.js';
import { createSessionTokens, type SessionFacts } from './session-tokens.js';

const T0 = Date.parse('2026-11-21T10:00:00Z');
/** A session that started at T0 and ends `hours` later, as the user decider records it. */
const sessionAt = (hours: number): SessionFacts => ({
  sessionId: '00000000-0000-4000-8000-0000000000aa',
  authTime: new Date(T0),
  expiresAt: new Date(T0 + hours * 3_600_000),
});

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  role: 'user' as const,
  email: 'ana@x.org',
  name: 'Ana',
};

function setup(env: Record<string, string> = {}) {
  let now = T0;
  const config = loadConfig(identityConfigSchema, { MIA_ENV: 'development', ...env });
  const tokens = createSessionTokens(config, () => now);
  const verifier = createSessionVerifier({
    publicKeyPem: devKeys()!.publicKeyPem,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    now: () => now,
  });
  return { config, tokens, verifier, setNow: (ms: number) => (now = ms) };
}

function fakeResponse() {
  const calls: { method: string; args: unknown[] }[] = [];
  const res = {
    cookie: (...args: unknown[]) => calls.push({ method: 'cookie', args }),
    clearCookie: (...args: unknown[]) => calls.push({ method: 'clearCookie', args }),
  } as unknown as Response;
  return { res, calls };
}

describe('session tokens', () => {
  it('carry the user, role and session id, and last the idle lifetime', async () => {
    const { config, tokens, verifier } = setup();
    const session = sessionAt(config.SESSION_ABSOLUTE_HOURS);
    const issued = await tokens.issue(user, session);
    expect(issued.expiresAt).toBe(T0 / 1000 + 120 * 60);
    const claims = await verifier.verify(issued.token);
    expect(claims).toMatchObject({
      sub: user.id,
      role: 'user',
      email: 'ana@x.org',
      sid: session.sessionId,
      auth_time: T0 / 1000,
    });
  });

  it('never outlive the session’s absolute end, however often re-issued', async () => {
    const { config, tokens, setNow } = setup({ SESSION_ABSOLUTE_HOURS: '3' });
    const session = sessionAt(config.SESSION_ABSOLUTE_HOURS);
    setNow(T0 + 2.5 * 3600_000);
    const issued = await tokens.issue(user, session);
    expect(issued.expiresAt).toBe(T0 / 1000 + 3 * 3600);
  });

  it('ask for a refresh once half the idle lifetime is gone', async () => {
    const { config, tokens, verifier, setNow } = setup();
    const session = sessionAt(config.SESSION_ABSOLUTE_HOURS);
    const claims = (await verifier.verify((await tokens.issue(user, session)).token))!;
    setNow(T0 + 59 * 60_000);
    expect(tokens.needsRefresh(claims)).toBe(false);
    setNow(T0 + 61 * 60_000);
    expect(tokens.needsRefresh(claims)).toBe(true);
  });

  it('go into an httpOnly, SameSite=Lax cookie that expires with the token', async () => {
    const { config, tokens } = setup();
    const { res, calls } = fakeResponse();
    tokens.setCookie(res, { token: 'tkn', expiresAt: T0 / 1000 + 600 });
    expect(calls[0]).toEqual({
      method: 'cookie',
      args: [
        'mia_session',
        'tkn',
        { httpOnly: true, sameSite: 'lax', secure: false, path: '/', maxAge: 600_000 },
      ],
    });
    tokens.clearCookie(res);
    expect(calls[2]?.args[0]).toBe('mia_session');
    expect(config.MIA_ENV).toBe('development');
  });

  it('set and clear a readable, non-secret signed-in hint with the session cookie', () => {
    const { tokens } = setup({ SESSION_COOKIE_SECURE: 'true' });
    const { res, calls } = fakeResponse();
    tokens.setCookie(res, { token: 'tkn', expiresAt: T0 / 1000 + 600 });
    expect(calls[1]).toEqual({
      method: 'cookie',
      args: [
        'mia_signed_in',
        '1',
        { httpOnly: false, sameSite: 'lax', secure: true, path: '/', maxAge: 600_000 },
      ],
    });
    tokens.clearCookie(res);
    expect(calls.slice(2).map((c) => [c.method, c.args[0]])).toEqual([
      ['clearCookie', '__Host-mia_session'],
      ['clearCookie', 'mia_signed_in'],
    ]);
  });

  it('use a Secure __Host- cookie when served over HTTPS', () => {
    const { tokens } = setup({ SESSION_COOKIE_SECURE: 'true' });
    const { res, calls } = fakeResponse();
    tokens.setCookie(res, { token: 'tkn', expiresAt: T0 / 1000 + 600 });
    expect(calls[0]?.args[0]).toBe('__Host-mia_session');
    expect(calls[0]?.args[2]).toMatchObject({ secure: true, path: '/', httpOnly: true });
  });
});
