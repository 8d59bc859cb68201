import { readFileSync } from 'node:fs';
import http from 'node:http';

/**
 * The baseline: a bare `node:http` server answering every request with the same JSON body the
 * business detail route returns (parsed once, serialised per request, as Fastify does).
 * Prints its port on stdout.
 */

// BENCH_BODY_FILE for bodies too large for an environment variable (a day of 2,000 tickets).
const payload: unknown = JSON.parse(process.env.BENCH_BODY_FILE ? readFileSync(process.env.BENCH_BODY_FILE, 'utf8') : (process.env.BENCH_BODY ?? '{}'));
const server = http.createServer((_request, response) => {
  const body = JSON.stringify(payload);
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
