import { type BridgeActivity, type BridgeState, createClient, createEmbedBridge, EMBED_DOMAINS_META, id as idSchema, MESSAGES } from '@salondesk/core';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { getSdk } from '../../../app/sdk';
import { EmptyState } from '../../../ui/EmptyState';
import { Logo } from '../../../ui/Logo';
import { embedHandlers } from './embedHandlers';

/** The business's allow-list the server put in the page (`/embed/{businessId}`, api `embed/framing.ts`); none outside it. */
function allowListOfPage(): string[] {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${EMBED_DOMAINS_META}"]`)?.content ?? '';
  return content.split(' ').filter(Boolean);
}

/** Who the browser says frames this page, where it says (Chromium, Safari): `location.ancestorOrigins[0]`. */
const ancestorOrigin = (): string | null => (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins?.[0] ?? null;

const REFUSED: Record<Extract<BridgeState, { kind: 'refused' }>['reason'], string> = {
  notFramed: 'This page answers a parent page that embeds it; opened on its own it does nothing.',
  noParentOrigin: 'The embedding page did not say which origin it is.',
  originNotAllowed: MESSAGES.embedOriginRefused,
  ancestorMismatch: MESSAGES.embedOriginRefused,
};

const describe = (a: BridgeActivity): string => {
  if (a.kind === 'ignored') return `Ignored a message from ${a.origin} (${a.reason})`;
  if (a.kind === 'request') return `${a.request.kind}${a.shared ? ' (same idempotency key: answered with the first run)' : ''}`;
  if (a.reply.kind === 'loaded') return 'loaded';
  return `${a.reply.kind}: ${a.reply.status ? 'status true' : `status false — ${a.reply.message ?? ''}`}`;
};

/**
 * `/embed/{businessId}?parentOrigin=…`: the dashboard side of the embed messaging. It runs core's
 * bridge against the business's allow-list (given by the server with the page, whose framing
 * policy lists the same domains) and answers the parent page's requests with billing's dests. What
 * it shows is for the person looking at the frame: whom it talks to and what it did.
 */
export function Component() {
  const { businessId: rawId } = useParams();
  const [search] = useSearchParams();
  const parsedId = idSchema.safeParse(rawId);
  const businessId = parsedId.success ? parsedId.data : null;
  const parentOrigin = search.get('parentOrigin');
  const [state, setState] = useState<BridgeState | null>(null);
  const [activity, setActivity] = useState<{ n: number; text: string }[]>([]);

  useEffect(() => {
    if (businessId === null) return;
    const sdk = getSdk();
    const client = createClient({ transport: sdk.client.transport });
    let n = 0;
    const bridge = createEmbedBridge({
      window,
      businessId,
      parentOrigin,
      allowedDomains: allowListOfPage(),
      ancestorOrigin: ancestorOrigin(),
      handlers: embedHandlers({ client, sessionStore: sdk.sessionStore, businessId }),
      onActivity: (a) => setActivity((list) => [{ n: ++n, text: describe(a) }, ...list].slice(0, 20)),
    });
    setState(bridge.state);
    return () => bridge.stop();
  }, [businessId, parentOrigin]);

  if (businessId === null) return <EmptyState tone="error" headingLevel={1} title={MESSAGES.notFound} />;
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 p-4 text-sm text-slate-800">
      <div className="flex items-center justify-between gap-3">
        <Logo />
        <span className="text-xs text-slate-500">Embedded dashboard · business {businessId}</span>
      </div>
      {state === null ? null : state.kind === 'listening' ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900 ring-1 ring-emerald-200">
          Connected to <strong>{state.parentOrigin}</strong>
        </p>
      ) : (
        <EmptyState tone="error" headingLevel={1} title="Not connected" description={REFUSED[state.reason]} />
      )}
      <section aria-label="Messages">
        <h2 className="mb-1 font-semibold">Messages</h2>
        {activity.length === 0 ? (
          <p className="text-slate-500">None yet.</p>
        ) : (
          <ol className="flex flex-col gap-1">
            {activity.map((a) => (
              <li key={a.n} className="rounded bg-slate-50 px-2 py-1 ring-1 ring-slate-200">
                {a.text}
              </li>
            ))}
          </ol>
        )}
      </section>
    </main>
  );
}
