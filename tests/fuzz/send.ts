import { request } from 'node:http';

export interface Sent {
  method: string;
  /** Path and query string, already encoded. */
  target: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request over its own connection with node:http rather than fetch: the target, method
 * and headers go out as given (fetch would normalise them or refuse some), and nothing is
 * retried or reused, so a dropped connection shows as the error it is.
 */
export function send(baseUrl: string, sent: Sent, timeoutMs = 30_000): Promise<Answer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: sent.method,
        path: sent.target,
        headers: {
          ...sent.headers,
          ...(sent.body === undefined ? {} : { 'content-length': Buffer.byteLength(sent.body) }),
        },
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(sent.body);
  });
}
