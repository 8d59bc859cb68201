import { fc, test } from '@fast-check/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../messages';
import { hostAllowed } from '../models/domains';
import { domainEntryArb, hostArb } from '../models/domains.arb';
import { type BridgeActivity, type BridgeHandlers, createEmbedBridge } from './bridge';
import { EMBED_PROTOCOL, EMBED_VERSION, type EmbedInvoice, type EmbedMessageEvent, type MessageTarget } from './messages';
import { embedOriginAllowed, embedUrl, frameAncestorsFor } from './origin';
import { createEmbedClient, EmbedTimeoutError } from './parentClient';

/**
 * A few windows with `postMessage` as browsers define it: the message is delivered later, as a
 * clone, with the sender's origin and the sender's window as `source`, and only when the target
 * origin is `"*"` or the receiver's own origin. Every post is recorded (who, to whom, which target
 * origin), so a test can say no reply ever went to another origin and none to `"*"`.
 */
interface FakeWindow {
  origin: string;
  listeners: Set<(event: EmbedMessageEvent) => void>;
  addEventListener(type: 'message', fn: (event: EmbedMessageEvent) => void): void;
  removeEventListener(type: 'message', fn: (event: EmbedMessageEvent) => void): void;
  parent: MessageTarget;
  /** `other` as this window's scripts see it: posting through it sends from this window. */
  handle(other: FakeWindow): MessageTarget;
}

interface Post {
  from: string;
  to: string;
  targetOrigin: string;
  delivered: boolean;
  data: unknown;
}

function world() {
  const posts: Post[] = [];
  const handles = new Map<FakeWindow, Map<FakeWindow, MessageTarget>>();
  const handleOf = (viewer: FakeWindow, target: FakeWindow): MessageTarget => {
    let byTarget = handles.get(viewer);
    if (!byTarget) handles.set(viewer, (byTarget = new Map()));
    let handle = byTarget.get(target);
    if (!handle) {
      handle = {
        postMessage: ((data: unknown, targetOrigin: string) => {
          const delivered = targetOrigin === '*' || targetOrigin === target.origin;
          posts.push({ from: viewer.origin, to: target.origin, targetOrigin, delivered, data });
          if (!delivered) return;
          const copy = structuredClone(data);
          setTimeout(() => {
            for (const fn of target.listeners) fn({ data: copy, origin: viewer.origin, source: handleOf(target, viewer) } as unknown as EmbedMessageEvent);
          }, 0);
        }) as MessageTarget['postMessage'],
      };
      byTarget.set(target, handle);
    }
    return handle;
  };
  const make = (origin: string): FakeWindow => {
    const win: FakeWindow = {
      origin,
      listeners: new Set(),
      addEventListener: (_type, fn) => void win.listeners.add(fn),
      removeEventListener: (_type, fn) => void win.listeners.delete(fn),
      parent: undefined as unknown as MessageTarget,
      handle: (other) => handleOf(win, other),
    };
    win.parent = win as unknown as MessageTarget; // not framed until `frame` says so
    return win;
  };
  /** `child` is framed by `parent`. */
  const frame = (parent: FakeWindow, child: FakeWindow) => {
    child.parent = handleOf(child, parent);
  };
  return { posts, make, frame };
}

const PARENT = 'https://shop.example.com';
const DASHBOARD = 'https://app.salondesk.test';
const FOREIGN = 'https://evil.example.net';
const DOMAINS = ['shop.example.com', '*.partner.example'];

const invoice = (id: number): EmbedInvoice => ({ id, status: 'paid', amount: 4200, currency: 'USD' });
/** Lets every message in flight arrive (each hop is a timer). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

function setUp(overrides: { handlers?: Partial<BridgeHandlers>; parentOrigin?: string | null; ancestorOrigin?: string | null } = {}) {
  const w = world();
  const parent = w.make(PARENT);
  const dashboard = w.make(DASHBOARD);
  w.frame(parent, dashboard);
  const charges: number[] = [];
  const activity: BridgeActivity[] = [];
  const handlers: BridgeHandlers = {
    login: async () => ({ id: 2, name: 'Olivia Owner' }),
    chargeInvoice: async (request) => {
      charges.push(request.invoiceId);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return invoice(request.invoiceId);
    },
    createInstallmentInvoice: async () => invoice(99),
    ...overrides.handlers,
  };
  // The parent listens before the frame loads, as a page that creates the iframe does.
  const client = createEmbedClient({ window: parent, frame: parent.handle(dashboard), dashboardOrigin: DASHBOARD, timeoutMs: 1_000 });
  const bridge = createEmbedBridge({
    window: dashboard,
    businessId: 1,
    parentOrigin: overrides.parentOrigin === undefined ? PARENT : overrides.parentOrigin,
    ancestorOrigin: overrides.ancestorOrigin,
    allowedDomains: DOMAINS,
    handlers,
    onActivity: (a) => activity.push(a),
  });
  return { ...w, parent, dashboard, client, bridge, charges, activity };
}

let live: { client: { close(): void }; bridge: { stop(): void } }[] = [];
afterEach(() => {
  for (const { client, bridge } of live) {
    client.close();
    bridge.stop();
  }
  live = [];
});
const started = (overrides?: Parameters<typeof setUp>[0]) => {
  const s = setUp(overrides);
  live.push(s);
  return s;
};

describe('the embed bridge and the parent client, together', () => {
  it('says loaded once to the parent origin, and answers login with who is signed in', async () => {
    const { client, posts } = started();
    await expect(client.loaded).resolves.toMatchObject({ kind: 'loaded', businessId: 1, v: EMBED_VERSION });
    const reply = await client.login();
    expect(reply).toMatchObject({ kind: 'loginResponse', status: true, user: { id: 2, name: 'Olivia Owner' } });
    expect(posts.every((p) => p.targetOrigin !== '*' && p.delivered)).toBe(true);
    expect(posts.filter((p) => p.from === DASHBOARD).map((p) => p.targetOrigin)).toEqual([PARENT, PARENT]);
  });

  it('answers login with status false when nobody is signed in', async () => {
    const { client } = started({ handlers: { login: async () => null } });
    await expect(client.login()).resolves.toMatchObject({ status: false, message: MESSAGES.embedNotSignedIn });
  });

  it('charges once for five charge messages with one idempotency key in 100 ms, and answers each of them', async () => {
    const { client, charges, activity } = started();
    await client.loaded;
    const replies = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 20));
        return client.chargeInvoice({ invoiceId: 7, idempotencyKey: 'key-0000-charge-7' });
      }),
    );
    expect(charges).toEqual([7]);
    expect(replies.map((r) => r.status)).toEqual([true, true, true, true, true]);
    expect(new Set(replies.map((r) => r.id)).size).toBe(5);
    expect(replies.every((r) => r.invoice?.id === 7)).toBe(true);
    expect(activity.filter((a) => a.kind === 'request' && a.shared)).toHaveLength(4);
  });

  it('charges again for another key, and a failed charge answers status false with its reason (a retry with its key runs again)', async () => {
    let fail = true;
    const { client, charges } = started({
      handlers: {
        chargeInvoice: async (request) => {
          charges.push(request.invoiceId);
          if (fail) throw new Error('Your card was declined.');
          return invoice(request.invoiceId);
        },
      },
    });
    const failed = await client.chargeInvoice({ invoiceId: 8, idempotencyKey: 'key-charge-8-aaaa' });
    expect(failed).toMatchObject({ kind: 'paymentResponse', status: false, message: 'Your card was declined.' });
    fail = false;
    await expect(client.chargeInvoice({ invoiceId: 8, idempotencyKey: 'key-charge-8-aaaa' })).resolves.toMatchObject({ status: true });
    await expect(client.chargeInvoice({ invoiceId: 8 })).resolves.toMatchObject({ status: true });
    expect(charges).toEqual([8, 8, 8]);
  });

  it('creates an installment invoice through its handler', async () => {
    const create = vi.fn(async () => invoice(99));
    const { client } = started({ handlers: { createInstallmentInvoice: create } });
    const reply = await client.createInstallmentInvoice({ total: 30_000, count: 3, description: 'Bridal package' });
    expect(reply).toMatchObject({ status: true, invoice: { id: 99 } });
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]).toMatchObject([{ kind: 'createInstallmentInvoice', total: 30_000, count: 3, description: 'Bridal package' }]);
  });

  it('ignores a foreign origin: nothing is charged, nothing is answered to it', async () => {
    const { make, dashboard, charges, activity, posts, client } = started();
    await client.loaded;
    const foreign = make(FOREIGN);
    const heard: unknown[] = [];
    foreign.addEventListener('message', (e) => heard.push(e.data));
    for (let i = 0; i < 5; i++) {
      foreign.handle(dashboard).postMessage({ protocol: EMBED_PROTOCOL, v: EMBED_VERSION, id: `f${i}`, kind: 'chargeInvoice', invoiceId: 7, idempotencyKey: 'key-foreign-0001' }, DASHBOARD);
    }
    foreign.handle(dashboard).postMessage({ protocol: EMBED_PROTOCOL, v: EMBED_VERSION, id: 'f9', kind: 'login' }, '*');
    await settle();
    expect(charges).toEqual([]);
    expect(heard).toEqual([]);
    expect(posts.filter((p) => p.to === FOREIGN)).toEqual([]);
    expect(activity.filter((a) => a.kind === 'ignored')).toHaveLength(6);
  });

  it('ignores an allowed origin that is not the window framing it (another frame of a partner site)', async () => {
    const { make, dashboard, charges, client, activity } = started();
    await client.loaded;
    const partner = make('https://a.partner.example');
    partner.handle(dashboard).postMessage({ protocol: EMBED_PROTOCOL, v: EMBED_VERSION, id: 'p1', kind: 'chargeInvoice', invoiceId: 3, idempotencyKey: 'key-partner-001' }, DASHBOARD);
    await settle();
    expect(charges).toEqual([]);
    expect(activity.at(-1)).toMatchObject({ kind: 'ignored' });
  });

  it('answers a malformed request it can correlate with status false, and drops one it cannot', async () => {
    const { parent, dashboard, client, charges } = started();
    await client.loaded;
    const heard: unknown[] = [];
    parent.addEventListener('message', (e) => heard.push(e.data));
    parent.handle(dashboard).postMessage({ protocol: EMBED_PROTOCOL, v: EMBED_VERSION, id: 'm1', kind: 'chargeInvoice', invoiceId: -4, idempotencyKey: 'key-malformed-1' }, DASHBOARD);
    parent.handle(dashboard).postMessage({ protocol: EMBED_PROTOCOL, v: 99, id: 'm2', kind: 'login' }, DASHBOARD);
    parent.handle(dashboard).postMessage({ protocol: EMBED_PROTOCOL, v: EMBED_VERSION, kind: 'chargeInvoice', invoiceId: 4 }, DASHBOARD);
    parent.handle(dashboard).postMessage({ protocol: 'someone-else', id: 'm3', kind: 'login' }, DASHBOARD);
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    await settle();
    expect(charges).toEqual([]);
    expect(heard).toEqual([
      { protocol: EMBED_PROTOCOL, v: EMBED_VERSION, kind: 'paymentResponse', id: 'm1', status: false, message: MESSAGES.embedBadMessage },
      { protocol: EMBED_PROTOCOL, v: EMBED_VERSION, kind: 'loginResponse', id: 'm2', status: false, message: MESSAGES.embedBadMessage },
    ]);
  });

  it.each([
    ['not on the allow-list', { parentOrigin: FOREIGN }, 'originNotAllowed'],
    ['without a parent origin', { parentOrigin: null }, 'noParentOrigin'],
    ['when the browser names another ancestor', { ancestorOrigin: FOREIGN }, 'ancestorMismatch'],
  ] as const)('says nothing and answers nothing %s', async (_name, overrides, reason) => {
    const { bridge, posts, parent, dashboard, charges } = started(overrides);
    expect(bridge.state).toEqual({ kind: 'refused', reason });
    parent.handle(dashboard).postMessage({ protocol: EMBED_PROTOCOL, v: EMBED_VERSION, id: 'r1', kind: 'chargeInvoice', invoiceId: 5, idempotencyKey: 'key-refused-001' }, DASHBOARD);
    await settle();
    expect(charges).toEqual([]);
    expect(posts.filter((p) => p.from === DASHBOARD)).toEqual([]);
  });

  it('does nothing when the dashboard is not framed', () => {
    const w = world();
    const top = w.make(DASHBOARD);
    const bridge = createEmbedBridge({ window: top, businessId: 1, parentOrigin: PARENT, allowedDomains: DOMAINS, handlers: {} as BridgeHandlers });
    expect(bridge.state).toEqual({ kind: 'refused', reason: 'notFramed' });
    expect(w.posts).toEqual([]);
  });
});

describe('the parent client on its own', () => {
  it('settles each request exactly once: a timeout error when no reply comes, and a late reply is dropped', async () => {
    vi.useFakeTimers();
    try {
      const w = world();
      const parent = w.make(PARENT);
      const dashboard = w.make(DASHBOARD);
      w.frame(parent, dashboard);
      const client = createEmbedClient({ window: parent, frame: parent.handle(dashboard), dashboardOrigin: DASHBOARD, timeoutMs: 500, newId: () => 'req-1' });
      const settled = vi.fn();
      const failed = vi.fn();
      client.chargeInvoice({ invoiceId: 1, idempotencyKey: 'key-timeout-01' }).then(settled, failed);
      await vi.advanceTimersByTimeAsync(501);
      expect(failed).toHaveBeenCalledTimes(1);
      expect(failed.mock.calls[0]?.[0]).toBeInstanceOf(EmbedTimeoutError);
      expect((failed.mock.calls[0]?.[0] as Error).message).toBe(MESSAGES.embedTimeout);
      dashboard.parent.postMessage({ protocol: EMBED_PROTOCOL, v: EMBED_VERSION, kind: 'paymentResponse', id: 'req-1', status: true }, PARENT);
      await vi.advanceTimersByTimeAsync(10);
      expect(settled).not.toHaveBeenCalled();
      expect(failed).toHaveBeenCalledTimes(1);
      client.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes replies only from the dashboard frame at the dashboard origin', async () => {
    const w = world();
    const parent = w.make(PARENT);
    const dashboard = w.make(DASHBOARD);
    const impostor = w.make(FOREIGN);
    const sameOriginOther = w.make(DASHBOARD);
    w.frame(parent, dashboard);
    let n = 0;
    const client = createEmbedClient({ window: parent, frame: parent.handle(dashboard), dashboardOrigin: DASHBOARD, timeoutMs: 200, newId: () => `id-${++n}` });
    const answer = client.chargeInvoice({ invoiceId: 1, idempotencyKey: 'key-impostor-1' });
    const forged = { protocol: EMBED_PROTOCOL, v: EMBED_VERSION, kind: 'paymentResponse', id: 'id-1', status: true };
    impostor.handle(parent).postMessage(forged, PARENT);
    sameOriginOther.handle(parent).postMessage(forged, PARENT);
    await expect(answer).rejects.toBeInstanceOf(EmbedTimeoutError);
    // Every request went to the dashboard's origin, never to "*".
    expect(w.posts.filter((p) => p.from === PARENT).map((p) => p.targetOrigin)).toEqual([DASHBOARD]);
    client.close();
  });

  it('refuses a dashboard origin that is not an http(s) origin', () => {
    const w = world();
    const parent = w.make(PARENT);
    for (const origin of ['*', 'null', 'javascript:alert(1)', 'https://app.example/path']) {
      expect(() => createEmbedClient({ window: parent, frame: parent.handle(parent), dashboardOrigin: origin })).toThrow(TypeError);
    }
  });
});

describe('origins and the framing policy', () => {
  test.prop([fc.array(domainEntryArb, { maxLength: 6 }), hostArb, fc.constantFrom('http', 'https'), fc.option(fc.integer({ min: 1, max: 65535 }))])(
    'an origin is allowed exactly when its host is on the allow-list, whatever its port',
    (domains, host, scheme, port) => {
      const origin = `${scheme}://${host}${port === null ? '' : `:${port}`}`;
      expect(embedOriginAllowed(new URL(origin).origin, domains)).toBe(hostAllowed(domains, host));
    },
  );

  test.prop([fc.array(domainEntryArb, { maxLength: 6 }), hostArb])('another scheme, a path or "null" is never an allowed origin', (domains, host) => {
    const all = [...domains, host];
    for (const origin of ['null', `ftp://${host}`, `file://${host}`, `https://${host}/`, `https://user@${host}`, `data:text/html,${host}`]) {
      expect(embedOriginAllowed(origin, all)).toBe(false);
    }
  });

  test.prop([fc.uniqueArray(domainEntryArb, { maxLength: 8 })])('frame-ancestors lists exactly the allow-list, each on any port, or none', (domains) => {
    const policy = frameAncestorsFor(domains);
    if (domains.length === 0) expect(policy).toBe("'none'");
    else {
      expect(policy.split(' ')).toEqual(domains.map((d) => `${d}:*`));
      expect(policy).not.toMatch(/[;,'"]/);
    }
  });

  it('builds the embed address with the parent origin', () => {
    expect(embedUrl('http://127.0.0.1:8080', 4, 'http://localhost:8081')).toBe('http://127.0.0.1:8080/embed/4?parentOrigin=http%3A%2F%2Flocalhost%3A8081');
  });
});
