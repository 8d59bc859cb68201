import mitt from 'mitt';
import { safeParse } from 'zod/mini';
import { createFetch, type $Fetch } from 'ofetch';
import { ApiError } from '../errors';
import { MESSAGES } from '../messages';
import { failureEnvelope } from '../models/envelope';
import { type AnyEndpoint, type EndpointInput, type EndpointResponse, fillPath, needsCsrfHeader } from './endpoint';

/** The header every state-changing request carries; it forces a CORS preflight (anti-CSRF). */
export const CSRF_HEADER = 'x-salondesk-csrf';
export const CSRF_HEADER_VALUE = '1';

export type TransportEvents = {
  /** The server said `Please log in to continue.`: the session is over. */
  sessionExpired: ApiError;
};

export interface TransportOptions {
  /** Where the API lives; `''` or `'/'` for the page's own origin. */
  baseURL: string;
  /** A fetch implementation (tests, Node without global fetch, instrumentation). */
  fetch?: typeof globalThis.fetch;
  /** Called when any response says the session has expired. */
  onSessionExpired?: (error: ApiError) => void;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /**
   * The XMLHttpRequest an upload reports its progress through: default the page's, unless a
   * `fetch` is given (then uploads go through that fetch too, as every other call). Without one
   * (Node, tests), uploads go through `fetch` and report their progress once, when sent.
   */
  XMLHttpRequest?: UploadXhrConstructor;
}

/** What an upload uses of XMLHttpRequest (browsers have it, Node does not): its upload progress. */
export interface UploadXhr {
  open(method: string, url: string): void;
  withCredentials: boolean;
  setRequestHeader(name: string, value: string): void;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  readonly status: number;
  readonly responseText: string;
  abort(): void;
  send(body: FormData): void;
}
export type UploadXhrConstructor = new () => UploadXhr;

/** Per-call options. */
export interface RequestOptions {
  /** The catalogue message for a failure the server gave no message for; default: the endpoint's. */
  errorMessage?: string;
}

/** Options of a file download. */
export interface DownloadOptions extends RequestOptions {
  /** Called as the file arrives, with the bytes received so far. */
  onProgress?: (bytes: number) => void;
  signal?: AbortSignal;
}

/** Options of an upload. */
export interface UploadOptions extends RequestOptions {
  /** The file's name as the server sees it; default the File's own name. */
  filename?: string;
  /** Called as the file goes out, with the bytes sent and the total. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/** A file the server sent (an export): its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  /** From `Content-Disposition`; null when the server named none. */
  filename: string | null;
  contentType: string;
  bytes: number;
}

/** The file name of a `Content-Disposition` header (`attachment; filename="a_b.csv"`), or null. */
export function filenameOf(disposition: string | null): string | null {
  const match = disposition ? /filename="([^"]+)"|filename=([^;\s]+)/i.exec(disposition) : null;
  return match ? (match[1] ?? match[2] ?? null) : null;
}

export interface Transport {
  /** Calls one endpoint: validates nothing on the way out, parses the response on the way in. */
  request<E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>, options?: RequestOptions): Promise<EndpointResponse<E>>;
  /** Like `request`, also returning the server's success message when it sent one. */
  requestWithMessage<E extends AnyEndpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    options?: RequestOptions,
  ): Promise<{ data: EndpointResponse<E>; message: string | undefined }>;
  /**
   * Downloads a file from a `download` endpoint (an export): the whole answer as a Blob, with
   * progress as it arrives. A refusal is the same ApiError `request` throws.
   */
  download<E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>, options?: DownloadOptions): Promise<DownloadedFile>;
  /**
   * Uploads one file to an `upload` endpoint as `multipart/form-data`: the body's fields, then the
   * file. Progress as it goes out (through XMLHttpRequest where there is one). A refusal is the
   * same ApiError `request` throws.
   */
  upload<E extends AnyEndpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    file: Blob,
    options?: UploadOptions,
  ): Promise<{ data: EndpointResponse<E>; message: string | undefined }>;
  on<K extends keyof TransportEvents>(type: K, handler: (event: TransportEvents[K]) => void): () => void;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The HTTP transport under every API area: envelope, errors, credentials, anti-CSRF, session expiry. */
export function createTransport(options: TransportOptions): Transport {
  const emitter = mitt<TransportEvents>();
  if (options.onSessionExpired) emitter.on('sessionExpired', options.onSessionExpired);

  const $fetch: $Fetch = createFetch({
    // Looked up at call time, so a fetch installed after the client was made is used.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    defaults: { baseURL: options.baseURL || '/', credentials: 'include', retry: 0, ignoreResponseError: true },
  });

  /** The ApiError of a failed answer: the server's message, else the catalogue's fallback. */
  function failureOf(status: number, payload: unknown, fallback: string): ApiError {
    const failure = safeParse(failureEnvelope, payload);
    const error = new ApiError({
      status,
      ...(failure.success && failure.data.code ? { code: failure.data.code as ApiError['code'] } : {}),
      message: failure.success && failure.data.message ? failure.data.message : fallback,
      issues: failure.success ? failure.data.issues : undefined,
      cause: payload,
    });
    if (error.message === MESSAGES.pleaseLogIn) emitter.emit('sessionExpired', error);
    return error;
  }

  async function download<E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>, call: DownloadOptions = {}): Promise<DownloadedFile> {
    const { params, query } = input as { params?: Record<string, unknown>; query?: Record<string, unknown> };
    const fallback = call.errorMessage ?? endpoint.errorMessage;
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    let response;
    try {
      response = await $fetch.raw<ReadableStream<Uint8Array>, 'stream'>(fillPath(endpoint.path, params), {
        method: 'GET',
        headers: { accept: '*/*', ...options.headers },
        query: query as Record<string, unknown> | undefined,
        responseType: 'stream',
        signal: call.signal,
      });
      const reader = response._data?.getReader();
      for (;;) {
        const next = reader ? await reader.read() : { done: true as const, value: undefined };
        if (next.done) break;
        chunks.push(next.value);
        bytes += next.value.byteLength;
        call.onProgress?.(bytes);
      }
    } catch (cause) {
      if (call.signal?.aborted) throw cause;
      throw new ApiError({ status: 0, code: 'NETWORK', message: MESSAGES.serverOffline, cause });
    }
    const contentType = response.headers.get('content-type') ?? '';
    if (!response.ok || contentType.startsWith('application/json')) {
      let payload: unknown;
      try {
        payload = JSON.parse(new TextDecoder().decode(await new Blob(chunks as unknown as ConstructorParameters<typeof Blob>[0]).arrayBuffer()));
      } catch {
        payload = undefined;
      }
      throw failureOf(response.ok ? 500 : response.status, payload, fallback);
    }
    return { blob: new Blob(chunks as unknown as ConstructorParameters<typeof Blob>[0], { type: contentType }), filename: filenameOf(response.headers.get('content-disposition')), contentType, bytes };
  }

  async function requestWithMessage<E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>, call: RequestOptions = {}) {
    const { params, query, body } = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
    const fallback = call.errorMessage ?? endpoint.errorMessage;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (needsCsrfHeader(endpoint)) headers[CSRF_HEADER] = CSRF_HEADER_VALUE;

    let response;
    try {
      response = await $fetch.raw(fillPath(endpoint.path, params), {
        method: endpoint.method,
        headers,
        query: query as Record<string, unknown> | undefined,
        body: endpoint.method === 'GET' ? undefined : ((body ?? {}) as Record<string, unknown>),
        responseType: 'json',
      });
    } catch (cause) {
      // The server could not be reached: the spec's own words for it (spec 000 §8), whatever the call.
      throw new ApiError({ status: 0, code: 'NETWORK', message: MESSAGES.serverOffline, cause });
    }

    return settle(endpoint, response.status, response.ok, response._data, fallback);
  }

  /** The data of an answer in the envelope, parsed with the endpoint's schema; a failure as ApiError. */
  function settle<E extends AnyEndpoint>(endpoint: E, status: number, ok: boolean, payload: unknown, fallback: string) {
    if (!ok || (isRecord(payload) && payload.status === false)) {
      throw failureOf(ok ? 500 : status, payload, fallback);
    }
    if (!isRecord(payload) || payload.status !== true) {
      throw new ApiError({ status, code: 'INVALID_RESPONSE', message: fallback, cause: payload });
    }
    const parsed = safeParse(endpoint.response, payload.data);
    if (!parsed.success) {
      throw new ApiError({ status, code: 'INVALID_RESPONSE', message: fallback, cause: parsed.error });
    }
    const message = typeof payload.message === 'string' ? payload.message : undefined;
    return { data: parsed.data as EndpointResponse<E>, message };
  }

  async function upload<E extends AnyEndpoint>(endpoint: E, input: EndpointInput<E>, file: Blob, call: UploadOptions = {}) {
    if (!endpoint.upload) throw new Error(`${endpoint.name} is not an upload endpoint`);
    const { params, body } = input as { params?: Record<string, unknown>; body?: Record<string, unknown> };
    const fallback = call.errorMessage ?? endpoint.errorMessage;
    const form = new FormData();
    for (const [key, value] of Object.entries(body ?? {})) if (value !== undefined && value !== null) form.append(key, String(value));
    const filename = call.filename ?? (file as { name?: string }).name ?? 'image';
    form.append(endpoint.upload.field, file, filename);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers, [CSRF_HEADER]: CSRF_HEADER_VALUE };
    const base = (options.baseURL || '/').replace(/\/$/, '');
    const url = `${base}${fillPath(endpoint.path, params)}`;
    const Xhr = options.XMLHttpRequest ?? (options.fetch ? undefined : (globalThis as { XMLHttpRequest?: UploadXhrConstructor }).XMLHttpRequest);
    if (Xhr) {
      const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const xhr = new Xhr();
        xhr.open('POST', url);
        xhr.withCredentials = true;
        for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
        xhr.upload.onprogress = (event) => call.onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
        xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
        xhr.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK', message: MESSAGES.serverOffline }));
        xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
        call.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        xhr.send(form);
      });
      let payload: unknown;
      try {
        payload = JSON.parse(text);
      } catch {
        payload = undefined;
      }
      return settle(endpoint, status, status >= 200 && status < 300, payload, fallback);
    }
    let response;
    try {
      response = await $fetch.raw(fillPath(endpoint.path, params), { method: 'POST', headers, body: form, responseType: 'json', signal: call.signal });
    } catch (cause) {
      if (call.signal?.aborted) throw cause;
      throw new ApiError({ status: 0, code: 'NETWORK', message: MESSAGES.serverOffline, cause });
    }
    call.onProgress?.(file.size, file.size);
    return settle(endpoint, response.status, response.ok, response._data, fallback);
  }

  return {
    requestWithMessage,
    download,
    upload,
    request: async (endpoint, input, options) => (await requestWithMessage(endpoint, input, options)).data,
    on(type, handler) {
      emitter.on(type, handler);
      return () => emitter.off(type, handler);
    },
  };
}
