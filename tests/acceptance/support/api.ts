export interface Answer<T = unknown> {
  status: number;
  /** The JSON body, or undefined when the answer had none (or was not JSON). */
  body: T;
  text: string;
}

/** One cookie as the target set it, kept as sent so a browser can take it over unchanged. */
interface StoredCookie {
  name: string;
  value: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
}

function parseSetCookie(header: string): StoredCookie | { name: string; expired: true } {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const name = pair.slice(0, eq);
  const value = pair.slice(eq + 1);
  const attr = new Map(
    attributes.map((a) => {
      const i = a.indexOf('=');
      return i < 0 ? [a.toLowerCase(), ''] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
    }),
  );
  const maxAge = attr.get('max-age');
  const expires = attr.get('expires');
  if (
    value === '' ||
    (maxAge !== undefined && Number(maxAge) <= 0) ||
    (expires !== undefined && Date.parse(expires) <= Date.now())
  ) {
    return { name, expired: true };
  }
  const sameSite = (attr.get('samesite') ?? 'lax').toLowerCase();
  return {
    name,
    value,
    secure: attr.has('secure'),
    httpOnly: attr.has('httponly'),
    sameSite: sameSite === 'strict' ? 'Strict' : sameSite === 'none' ? 'None' : 'Lax',
  };
}

/**
 * The target's public API as a browser calls it: JSON in and out, the page's Origin (the
 * services refuse state changes without it), and a cookie jar, so a client is one signed-in
 * person. Answers are returned whatever their status: the tests say what they expect.
 */
export class ApiClient {
  private readonly jar = new Map<string, StoredCookie>();
  private readonly origin: string;

  constructor(readonly baseUrl: string) {
    this.origin = new URL(baseUrl).origin;
  }

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: 'application/json', origin: this.origin };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const cookie = [...this.jar.values()].map((c) => `${c.name}=${c.value}`).join('; ');
    if (cookie) headers.cookie = cookie;
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(20_000),
      });
    } catch (err) {
      throw new Error(`${method} ${this.baseUrl}${path} failed: ${(err as Error).message}`, {
        cause: err,
      });
    }
    for (const header of res.headers.getSetCookie()) {
      const parsed = parseSetCookie(header);
      if ('expired' in parsed) this.jar.delete(parsed.name);
      else this.jar.set(parsed.name, parsed);
    }
    // Byte for byte: res.text() would drop a byte order mark (the CSV exports start with one).
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, body: json as T, text };
  }

  get<T = unknown>(path: string) {
    return this.call<T>('GET', path);
  }

  post<T = unknown>(path: string, body: unknown = {}) {
    return this.call<T>('POST', path, body);
  }

  /** The session for a browser context (Playwright's addCookies shape). */
  /** The session's cookies for a browser, on the address used (or another name of the target). */
  browserCookies(url = this.baseUrl) {
    return [...this.jar.values()].map((c) => ({
      name: c.name,
      value: c.value,
      url,
      secure: c.secure,
      httpOnly: c.httpOnly,
      sameSite: c.sameSite,
    }));
  }
}

/** Fails with the answer in the message, so a report shows what the target said. */
export function expectStatus<T>(answer: Answer<T>, status: number, what: string): T {
  if (answer.status !== status) {
    throw new Error(
      `${what}: expected ${status}, got ${answer.status}: ${answer.text.slice(0, 500)}`,
    );
  }
  return answer.body;
}
