import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUser } from './session';

const USER = {
  id: 'u1',
  name: 'Ana',
  username: 'ana',
  email: 'ana@iglesia.example',
  role: 'user',
  emailVerified: false,
  twoFactorEnabled: false,
};

/** A document whose cookie jar is one string, as the page sees it (httpOnly cookies hidden). */
function withCookies(cookie: string) {
  const doc = { cookie };
  vi.stubGlobal('document', doc);
  return doc;
}

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('the session query', () => {
  it('does not ask for the user without the signed-in hint, so anonymous pages log no 401', async () => {
    withCookies('mia_lang=es');
    const fetch = answer(401, { message: 'Unauthorized' });
    await expect(getUser()).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks with the hint, and forgets a hint the server answers 401 to', async () => {
    const doc = withCookies('mia_lang=es; mia_signed_in=1');
    answer(200, USER);
    await expect(getUser()).resolves.toEqual(USER);

    const fetch = answer(401, { message: 'Unauthorized' });
    await expect(getUser()).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledOnce();
    expect(doc.cookie).toMatch(/^mia_signed_in=; Max-Age=0; Path=\//);
  });
});
