/** The socket port of the API (spec 000 §9): 8443 when secure, 8080 otherwise. */
export const SOCKET_PORT = { secure: 8443, plain: 8080 } as const;

/** The path socket.io listens on, on the API server. */
export const SOCKET_PATH = '/socket.io';

/**
 * The default address of the notification socket for a host: `https://host:8443` when secure,
 * `http://host:8080` otherwise (spec 000 §9). A dashboard served by the API itself connects to its
 * own origin instead (pass `url`). IPv6 literals are bracketed.
 */
export function defaultSocketUrl(options: { hostname: string; secure: boolean }): string {
  const host = options.hostname.includes(':') && !options.hostname.startsWith('[') ? `[${options.hostname}]` : options.hostname;
  return options.secure ? `https://${host}:${SOCKET_PORT.secure}` : `http://${host}:${SOCKET_PORT.plain}`;
}
