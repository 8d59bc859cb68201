import { createEmbedClient, EMBED_DASHBOARD_META, type EmbedClient, embedUrl } from '@salondesk/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { TextField } from '../../../ui/TextField';

/** The dashboard this page frames: the same host name it was opened with, on the port the server names. */
function dashboardOrigin(): string | null {
  const port = document.querySelector<HTMLMetaElement>(`meta[name="${EMBED_DASHBOARD_META}"]`)?.content;
  return port && /^\d+$/.test(port) ? `${window.location.protocol}//${window.location.hostname}:${port}` : null;
}

interface Line {
  n: number;
  text: string;
}

const cents = (value: string): number => Math.round(Number(value) * 100);

/**
 * `/embed-demo` on the demo's second origin (api `embed/demoParent.ts`): a business's own web page
 * as a parent of the embedded dashboard, written with core's `createEmbedClient` as any parent page
 * would be. It frames `/embed/{business}`, waits for `loaded`, asks who is signed in, charges an
 * invoice and creates an installment invoice, and lists every reply.
 */
export function Component() {
  const dashboard = dashboardOrigin();
  const [businessId, setBusinessId] = useState(() => Number(new URLSearchParams(window.location.search).get('business') ?? '1') || 1);
  const frame = useRef<HTMLIFrameElement>(null);
  const [client, setClient] = useState<EmbedClient | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [lines, setLines] = useState<Line[]>([]);
  const [invoiceId, setInvoiceId] = useState('');
  const [plan, setPlan] = useState({ description: 'Bridal package', total: '300.00', count: '3' });
  const counter = useRef(0);
  const log = (text: string) => setLines((all) => [{ n: ++counter.current, text }, ...all].slice(0, 30));

  useEffect(() => {
    const target = frame.current?.contentWindow;
    if (!dashboard || !target) return;
    setLoaded(false);
    const next = createEmbedClient({ window, frame: target, dashboardOrigin: dashboard });
    next.loaded.then((event) => {
      setLoaded(true);
      log(`loaded (business ${event.businessId})`);
    });
    setClient(next);
    return () => next.close();
  }, [dashboard, businessId]);

  if (!dashboard) {
    return <EmptyState headingLevel={1} title="Embed demo" description="Open this page on the demo parent origin: the server prints its address at start." />;
  }

  const run = async (what: string, call: () => Promise<{ status: boolean; message?: string; invoice?: { id: number; status: string } }>) => {
    try {
      const reply = await call();
      log(`${what}: status ${reply.status}${reply.invoice ? ` — invoice ${reply.invoice.id} ${reply.invoice.status}` : ''}${reply.message ? ` — ${reply.message}` : ''}`);
    } catch (error) {
      log(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const charge = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(invoiceId);
    if (client && Number.isInteger(id) && id > 0) void run(`Charge invoice ${id}`, () => client.chargeInvoice({ invoiceId: id }));
  };
  const installment = (event: FormEvent) => {
    event.preventDefault();
    if (client) void run('Installment invoice', () => client.createInstallmentInvoice({ description: plan.description, total: cents(plan.total), count: Number(plan.count) }));
  };

  return (
    <main className="mx-auto grid max-w-6xl gap-6 p-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <section aria-label="Parent page" className="flex flex-col gap-4">
        <h1 className="text-xl font-semibold">A salon’s own page</h1>
        <p className="text-sm text-slate-600">
          This page is on <strong>{window.location.origin}</strong>; the dashboard in the frame is on <strong>{dashboard}</strong>.
        </p>
        <TextField label="Business" type="number" min={1} value={String(businessId)} onChange={(e) => setBusinessId(Number(e.target.value) || 1)} />
        <Button variant="secondary" disabled={!loaded} onClick={() => client && void run('Who is signed in', () => client.login().then((r) => ({ ...r, message: r.user ? r.user.name : r.message })))}>
          Who is signed in?
        </Button>
        <form className="flex flex-col gap-2" aria-label="Charge an invoice" onSubmit={charge}>
          <TextField label="Invoice number" inputMode="numeric" value={invoiceId} onChange={(e) => setInvoiceId(e.target.value)} />
          <Button type="submit" disabled={!loaded}>
            Charge invoice
          </Button>
        </form>
        <form className="flex flex-col gap-2" aria-label="Create an installment invoice" onSubmit={installment}>
          <TextField label="Description" value={plan.description} onChange={(e) => setPlan({ ...plan, description: e.target.value })} />
          <TextField label="Total" inputMode="decimal" value={plan.total} onChange={(e) => setPlan({ ...plan, total: e.target.value })} />
          <TextField label="Instalments" type="number" min={2} max={36} value={plan.count} onChange={(e) => setPlan({ ...plan, count: e.target.value })} />
          <Button type="submit" variant="secondary" disabled={!loaded}>
            Create installment invoice
          </Button>
        </form>
        <section aria-label="Replies">
          <h2 className="mb-1 text-sm font-semibold">Replies</h2>
          <ol role="log" className="flex flex-col gap-1 text-sm">
            {lines.map((line) => (
              <li key={line.n} className="rounded bg-slate-50 px-2 py-1 ring-1 ring-slate-200">
                {line.text}
              </li>
            ))}
          </ol>
        </section>
      </section>
      <iframe
        ref={frame}
        key={`${dashboard}/${businessId}`}
        name="salondesk"
        title="Salondesk dashboard"
        src={embedUrl(dashboard, businessId, window.location.origin)}
        className="h-[36rem] w-full rounded-xl border border-slate-200 bg-white"
      />
    </main>
  );
}
