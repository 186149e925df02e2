// Container health probe: `node probe.mjs [/path]` exits 0 when the service in this container
// answers 2xx on http://127.0.0.1:$PORT/path (default /healthz). Slim images have no curl or
// wget; node's fetch does the job.
const path = process.argv[2] ?? '/healthz';
const port = process.env.PORT ?? '3000';

try {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    signal: AbortSignal.timeout(2_500),
  });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
