import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { codeForStatus, MESSAGES } from '@salondesk/core';
import { failure } from './envelope';

/**
 * What the server answers when Node's HTTP parser refuses a request before Fastify sees it
 * (headers or an address over 16 KB, a request line that is not HTTP, a client too slow to send
 * its headers): the failure envelope like every other answer, then the connection is closed.
 * Fastify's `clientErrorHandler` option; its default answers a different JSON shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message = status === 431 ? MESSAGES.headersTooLarge : status === 408 ? MESSAGES.requestTimedOut : MESSAGES.invalidRequest;
  const body = JSON.stringify(failure(message, codeForStatus(status)));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
