import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, api, errorText } from './api-client';

function answer(status: number, body: string, statusText = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body || null, { status, statusText })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('raises "status: body" for a failed call', async () => {
    answer(409, '{"message":"Email already registered"}', 'Conflict');
    const failure = api.post('/api/register', { name: 'Ana' });
    await expect(failure).rejects.toThrow(
      new ApiError(409, '{"message":"Email already registered"}', 'Conflict'),
    );
    await failure.catch((error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe('409: {"message":"Email already registered"}');
      expect((error as ApiError).status).toBe(409);
    });
  });

  it('uses the status text when the body is empty', async () => {
    answer(503, '', 'Service Unavailable');
    await expect(api.get('/api/user')).rejects.toThrow('503: Service Unavailable');
  });

  it('parses answers with the given schema and rejects ones that do not match', async () => {
    const schema = z.object({ name: z.string() });
    answer(200, '{"name":"Ana","extra":1}');
    await expect(api.get('/api/user', { schema })).resolves.toEqual({ name: 'Ana' });
    answer(200, '{"name":42}');
    await expect(api.get('/api/user', { schema })).rejects.toThrow();
  });

  it('sends JSON with credentials', async () => {
    answer(204, '');
    await api.post('/api/login', { username: 'a@b.co', password: 'secret' });
    const [path, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(path).toBe('/api/login');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"username":"a@b.co","password":"secret"}',
    });
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('marks a POST safe to repeat with an Idempotency-Key, and only when asked', async () => {
    answer(204, '');
    await api.post('/api/confirm-payment', { paymentIntentId: 'pi_1' }, { idempotencyKey: 'k1' });
    const [, keyed] = vi.mocked(fetch).mock.calls[0]!;
    answer(204, '');
    await api.post('/api/login', { username: 'a@b.co', password: 'secret' });
    const [, plain] = vi.mocked(fetch).mock.calls[0]!;
    expect((keyed?.headers as Record<string, string>)['Idempotency-Key']).toBe('k1');
    expect(plain?.headers as Record<string, string>).not.toHaveProperty('Idempotency-Key');
  });

  it('gives people the server message when there is one, else the status line', () => {
    expect(errorText(new ApiError(401, '{"message":"Invalid credentials"}', 'Unauthorized'))).toBe(
      'Invalid credentials',
    );
    expect(errorText(new ApiError(500, 'boom', 'Internal Server Error'))).toBe('500: boom');
    expect(errorText(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
});

describe('api client with a lazily loaded schema', () => {
  it('loads the schema alongside the request and parses with it', async () => {
    answer(200, '{"name":"Ana"}');
    const loader = vi.fn(async () => z.object({ name: z.string() }));
    await expect(api.get('/api/user', { schema: loader })).resolves.toEqual({ name: 'Ana' });
    expect(loader).toHaveBeenCalledOnce();
  });
});
