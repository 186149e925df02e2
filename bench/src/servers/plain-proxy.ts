// The baseline's front door: a bare node:http reverse proxy to one upstream over kept-alive
// connections, with nothing else (no routing table, headers, limits or metrics). The access
// benchmark puts it where the gateway stands, so the comparison is our stack against the
// smallest thing that could answer the same request. UPSTREAM_URL and PORT from the env;
// ROUTES (optional, JSON [[pathPrefix, url], ...]) sends a path to its own upstream by prefix, as
// the gateway does, so one proxy can front several minimal servers (the scale benchmark).
import { Agent, createServer, request } from 'node:http';

const fallback = new URL(process.env.UPSTREAM_URL ?? 'http://127.0.0.1:18191');
const routes = (JSON.parse(process.env.ROUTES ?? '[]') as [string, string][]).map(
  ([prefix, url]) => [prefix, new URL(url)] as const,
);
const upstreamOf = (path: string) =>
  routes.find(([prefix]) => path.startsWith(prefix))?.[1] ?? fallback;
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

const server = createServer((req, res) => {
  const upstream = upstreamOf(req.url ?? '/');
  const forwarded = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  forwarded.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(forwarded);
});

server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 18190), '127.0.0.1');
process.on('SIGTERM', () => {
  agent.destroy();
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
