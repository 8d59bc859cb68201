import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A simulator's answer: status, content type and body. */
export interface SimResponse {
  status: number;
  type: 'application/json' | 'text/xml' | 'application/x-www-form-urlencoded' | 'text/plain';
  body: string;
  headers?: Record<string, string>;
}

export interface SimRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
  /** The raw query string (bracket notation is parsed by the simulator that needs it). */
  rawQuery: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RunningSimulator {
  host: string;
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

/** A small HTTP server on 127.0.0.1 and an ephemeral port, answering with `handle`. */
export async function serveSimulator(name: string, handle: (request: SimRequest) => Promise<SimResponse>): Promise<RunningSimulator> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        res.writeHead(413).end();
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://simulator');
      const request: SimRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        rawQuery: url.search.slice(1),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      handle(request).then(
        (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.type, 'request-id': `req_${randomBytes(8).toString('hex')}`, ...answer.headers });
          res.end(answer.body);
        },
        (error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`${name} simulator error: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A provider-looking id: `prefix_` and 24 random letters and digits. */
export function simId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return prefix ? `${prefix}_${id}` : id;
}
