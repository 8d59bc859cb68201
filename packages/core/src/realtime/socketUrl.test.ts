import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { defaultSocketUrl, SOCKET_PORT } from './socketUrl';

describe('the default socket address (spec 000 §9)', () => {
  it('is port 8443 over https when secure, 8080 over http otherwise', () => {
    expect(defaultSocketUrl({ hostname: 'desk.example.com', secure: true })).toBe('https://desk.example.com:8443');
    expect(defaultSocketUrl({ hostname: 'desk.example.com', secure: false })).toBe('http://desk.example.com:8080');
    expect(SOCKET_PORT).toEqual({ secure: 8443, plain: 8080 });
  });

  it('brackets an IPv6 literal', () => {
    expect(defaultSocketUrl({ hostname: '::1', secure: false })).toBe('http://[::1]:8080');
    expect(defaultSocketUrl({ hostname: '[::1]', secure: true })).toBe('https://[::1]:8443');
  });

  test.prop([fc.domain(), fc.boolean()])('is a valid URL of that host, with the port of its security', (hostname, secure) => {
    const url = new URL(defaultSocketUrl({ hostname, secure }));
    expect(url.hostname).toBe(hostname.toLowerCase());
    expect(url.protocol).toBe(secure ? 'https:' : 'http:');
    expect(url.port).toBe(String(secure ? 8443 : 8080));
  });
});
