import { act, fireEvent, render as renderNow, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn, type DataTableSettings } from '.';

interface Ticket {
  id: number;
  customer: string;
  staff: string;
  status: string;
  tender: string;
  total: number;
}

const TICKETS: Ticket[] = [
  { id: 11, customer: 'Ana Lopez', staff: 'Maya Flores', status: 'Paid', tender: 'Card', total: 4_500 },
  { id: 12, customer: 'Ben Okafor', staff: 'Maya Patel', status: 'Open', tender: 'Cash', total: 12_000 },
  { id: 13, customer: 'Cy Tran', staff: 'Jo Kim', status: 'Paid', tender: 'Gift card', total: 800 },
];

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** 160 + 140 + 120 + 120 + 110 = 650 pixels of columns. */
const COLUMNS: DataColumn<Ticket>[] = [
  { id: 'customer', header: 'Customer', value: (t) => t.customer, size: 160 },
  { id: 'staff', header: 'Staff', value: (t) => t.staff, size: 140, priority: 1 },
  { id: 'status', header: 'Status', value: (t) => t.status, size: 120, priority: 3 },
  { id: 'tender', header: 'Tender', value: (t) => t.tender, size: 120, priority: 2 },
  { id: 'total', header: 'Total', meaning: 'What the ticket came to.', value: (t) => t.total, cell: (t) => money(t.total), align: 'end', size: 110, priority: 'always' },
];

/** The row headers (first cells) of the body, top to bottom. */
const customers = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)
    .filter((name) => name !== 'Total');
/** The headings' visible names (a figure's meaning, its tooltip, left out). */
const headings = () =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((h) => {
      const copy = h.cloneNode(true) as HTMLElement;
      for (const tip of copy.querySelectorAll('[role="tooltip"]')) tip.remove();
      return copy.textContent?.trim() ?? '';
    });

// Sizes come from ResizeObserver, which jsdom lacks: this one reports the table `width` pixels
// wide and 600 high, and each observed row 41 pixels high (TanStack Virtual measures rows with it).
let width = 0;
type Entry = { target: Element; contentRect: { width: number; height: number }; borderBoxSize: { inlineSize: number; blockSize: number }[] };
const observers = new Set<FakeResizeObserver>();
class FakeResizeObserver {
  private readonly elements = new Set<Element>();
  constructor(private readonly callback: (entries: Entry[]) => void) {
    observers.add(this);
  }
  private entry(target: Element): Entry {
    const scroller = target.getAttribute('data-testid') === 'data-table-scroll';
    const [w, h] = scroller ? [width, 600] : [width, 41];
    return { target, contentRect: { width: w, height: h }, borderBoxSize: [{ inlineSize: w, blockSize: h }] };
  }
  observe(target: Element) {
    // Only the table's scrolling area and rows: other parts (headlessui's) get no reports.
    if (target.getAttribute('data-testid') !== 'data-table-scroll' && target.tagName !== 'TR') return;
    this.elements.add(target);
    // Later, as a browser does.
    queueMicrotask(() => {
      if (this.elements.has(target)) this.callback([this.entry(target)]);
    });
  }
  unobserve(target: Element) {
    this.elements.delete(target);
  }
  report() {
    if (this.elements.size > 0) this.callback([...this.elements].map((e) => this.entry(e)));
  }
  disconnect() {
    this.elements.clear();
    observers.delete(this);
  }
}
const resizeTo = (next: number) =>
  act(() => {
    width = next;
    for (const observer of observers) observer.report();
  });

/** Renders, then lets the observers report (their callbacks come after rendering). */
async function render(ui: ReactElement) {
  const view = renderNow(ui);
  await act(async () => undefined);
  return view;
}

// jsdom lays nothing out: the scrolling area is `width` × 600 pixels and a row 41 pixels high,
// as TanStack Virtual reads them (clientWidth/clientHeight, offsetHeight).
const isScroller = (element: HTMLElement) => element.dataset.testid === 'data-table-scroll';
const LAYOUT = {
  clientWidth: (element: HTMLElement) => (isScroller(element) ? width : 0),
  clientHeight: (element: HTMLElement) => (isScroller(element) ? 600 : 0),
  offsetHeight: (element: HTMLElement) => (element.tagName === 'TR' ? 41 : 0),
};
const original = Object.fromEntries(Object.keys(LAYOUT).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)]));

beforeEach(() => {
  width = 0;
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  for (const [key, get] of Object.entries(LAYOUT)) {
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get(this: HTMLElement) { return get(this); } });
  }
});
afterEach(() => {
  observers.clear();
  vi.unstubAllGlobals();
  for (const [key, descriptor] of Object.entries(original)) if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
});

// Two busy cores shared by several test runs: jsdom renders slowly, so more than the 5 s default.
describe('DataTable', { timeout: 15_000 }, () => {
  it('sorts by a heading by click and by keyboard, saying so with aria-sort', async () => {
    const user = userEvent.setup({ delay: null });
    await render(<DataTable caption="Tickets" columns={COLUMNS} rows={TICKETS} getRowId={(t) => t.id} />);
    expect(screen.getByRole('table', { name: 'Tickets' })).toBeTruthy();
    expect(customers()).toEqual(['Ana Lopez', 'Ben Okafor', 'Cy Tran']);

    // Every sortable heading has a named sort button; a figure keeps its meaning beside it.
    for (const name of ['Customer', 'Staff', 'Status', 'Tender', 'Total']) expect(screen.getByRole('button', { name: `Sort by ${name}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Total' }).getAttribute('aria-describedby')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sort by Total' }));
    const total = screen.getByRole('columnheader', { name: /Total/ });
    expect(total.getAttribute('aria-sort')).toBe('descending');
    expect(customers()).toEqual(['Ben Okafor', 'Ana Lopez', 'Cy Tran']);

    screen.getByRole('button', { name: 'Sort by Total' }).focus();
    await user.keyboard('{Enter}');
    expect(total.getAttribute('aria-sort')).toBe('ascending');
    expect(customers()).toEqual(['Cy Tran', 'Ana Lopez', 'Ben Okafor']);

    // Text sorts as a person reads it; only one heading says it is sorted.
    screen.getByRole('button', { name: 'Sort by Staff' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('columnheader', { name: /Staff/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(total.getAttribute('aria-sort')).toBeNull();
    expect(customers()).toEqual(['Cy Tran', 'Ana Lopez', 'Ben Okafor']);
  });

  it('hides, shows, moves and resizes columns from the Columns menu, and reports each change', async () => {
    const user = userEvent.setup({ delay: null });
    const onSettingsChange = vi.fn();
    await render(<DataTable caption="Tickets" columns={COLUMNS} rows={TICKETS} getRowId={(t) => t.id} onSettingsChange={onSettingsChange} />);
    await user.click(screen.getByRole('button', { name: 'Columns of Tickets' }));
    const menu = await screen.findByRole('group', { name: 'Columns of Tickets' });

    // The identifying column and the amount may not be hidden.
    expect((within(menu).getByRole('checkbox', { name: /Customer/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(menu).getByRole('checkbox', { name: /Total/ }) as HTMLInputElement).disabled).toBe(true);

    await user.click(within(menu).getByRole('checkbox', { name: 'Staff' }));
    expect(headings()).toEqual(['Customer', 'Status', 'Tender', 'Total']);
    expect(onSettingsChange).toHaveBeenLastCalledWith(expect.objectContaining({ columnVisibility: { staff: false } }));

    await user.click(within(menu).getByRole('button', { name: 'Move Tender up' }));
    expect(headings()).toEqual(['Customer', 'Tender', 'Status', 'Total']);
    expect(onSettingsChange.mock.lastCall?.[0].columnOrder).toEqual(['customer', 'staff', 'tender', 'status', 'total']);

    fireEvent.change(within(menu).getByRole('slider', { name: 'Width of Status' }), { target: { value: '200' } });
    expect(onSettingsChange.mock.lastCall?.[0].columnSizing).toEqual({ status: 200 });

    await user.click(within(menu).getByRole('checkbox', { name: 'Staff' }));
    expect(headings()).toEqual(['Customer', 'Staff', 'Tender', 'Status', 'Total']);

    await user.click(within(menu).getByRole('button', { name: 'Reset columns' }));
    expect(headings()).toEqual(['Customer', 'Staff', 'Status', 'Tender', 'Total']);
    expect(onSettingsChange).toHaveBeenLastCalledWith({ sorting: [], columnVisibility: {}, columnOrder: [], columnSizing: {} });
  });

  it.each([
    // The width of the table at 375, 768, 1,024 and 1,280 px screens (less the page's margins and navigation).
    { screen: 375, table: 343, shown: ['Customer', 'Total'], folded: ['Staff', 'Status', 'Tender'] },
    { screen: 768, table: 560, shown: ['Customer', 'Staff', 'Total'], folded: ['Status', 'Tender'] },
    { screen: 1024, table: 620, shown: ['Customer', 'Staff', 'Tender', 'Total'], folded: ['Status'] },
    { screen: 1280, table: 980, shown: ['Customer', 'Staff', 'Status', 'Tender', 'Total'], folded: [] },
  ])('at a $screen px screen, columns of lower priority fold into the row detail and the name and total stay', async ({ table, shown, folded }) => {
    const user = userEvent.setup({ delay: null });
    width = table;
    await render(<DataTable caption="Tickets" columns={COLUMNS} rows={TICKETS} getRowId={(t) => t.id} />);
    const grid = screen.getByRole('table');
    expect(headings().filter((h) => h !== 'Details')).toEqual(shown);
    // The identifying column and the amount keep their width: never squeezed to nothing.
    const cols = grid.querySelectorAll('col');
    for (const col of cols) expect(parseFloat((col as HTMLElement).style.width)).toBeGreaterThan(0);
    expect(parseFloat(grid.style.minWidth)).toBeLessThanOrEqual(table);

    const details = screen.queryAllByRole('button', { name: /^Details for / });
    if (folded.length === 0) {
      expect(details).toHaveLength(0);
      return;
    }
    expect(details).toHaveLength(TICKETS.length);
    const button = screen.getByRole('button', { name: 'Details for Ben Okafor' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const detail = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    const values: Record<string, string> = { Staff: 'Maya Patel', Status: 'Open', Tender: 'Cash' };
    expect(within(detail).getAllByRole('term').map((t) => t.textContent)).toEqual(folded);
    expect(within(detail).getAllByRole('definition').map((d) => d.textContent)).toEqual(folded.map((f) => values[f]));
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(`${button.getAttribute('aria-controls')}`)).toBeNull();
  });

  it('folds again when the table gets narrower and unfolds when it widens', async () => {
    width = 980;
    await render(<DataTable caption="Tickets" columns={COLUMNS} rows={TICKETS} getRowId={(t) => t.id} />);
    expect(headings()).toEqual(['Customer', 'Staff', 'Status', 'Tender', 'Total']);
    resizeTo(343);
    expect(headings()).toEqual(['Details', 'Customer', 'Total']);
    resizeTo(980);
    expect(headings()).toEqual(['Customer', 'Staff', 'Status', 'Tender', 'Total']);
  });

  it('takes its settings in and gives them out: what one table saves, the next one shows', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: DataTableSettings = { sorting: [{ id: 'total', desc: false }], columnVisibility: { tender: false }, columnOrder: ['status', 'staff'], columnSizing: { staff: 220 } };
    const onSettingsChange = vi.fn();
    const first = await render(<DataTable caption="Tickets" columns={COLUMNS} rows={TICKETS} getRowId={(t) => t.id} settings={saved} onSettingsChange={onSettingsChange} />);
    expect(headings()).toEqual(['Customer', 'Status', 'Staff', 'Total']);
    expect(customers()).toEqual(['Cy Tran', 'Ana Lopez', 'Ben Okafor']);
    expect((screen.getByRole('table').querySelectorAll('col')[2] as HTMLElement).style.width).toBe('220px');

    await user.click(screen.getByRole('button', { name: 'Sort by Customer' }));
    const next = onSettingsChange.mock.lastCall?.[0] as DataTableSettings;
    expect(next).toEqual({ ...saved, sorting: [{ id: 'customer', desc: false }] });
    first.unmount();

    // On another device, the saved settings come back as they were left.
    await render(<DataTable caption="Tickets" columns={COLUMNS} rows={TICKETS} getRowId={(t) => t.id} settings={JSON.parse(JSON.stringify(next)) as DataTableSettings} />);
    expect(headings()).toEqual(['Customer', 'Status', 'Staff', 'Total']);
    expect(screen.getByRole('columnheader', { name: /Customer/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('ignores saved settings that no longer fit the columns', async () => {
    const stale = {
      sorting: [{ id: 'gone', desc: true }, { id: 'staff', desc: 'yes' }],
      columnVisibility: { total: false, customer: false, gone: false, status: false },
      columnOrder: ['gone', 'status', 'status', 7],
      columnSizing: { staff: 99_999, status: -5, gone: 100 },
    } as unknown as DataTableSettings;
    await render(<DataTable caption="Tickets" columns={COLUMNS} rows={TICKETS} getRowId={(t) => t.id} settings={stale} />);
    expect(headings()).toEqual(['Customer', 'Staff', 'Tender', 'Total']);
    expect(customers()).toEqual(['Ana Lopez', 'Ben Okafor', 'Cy Tran']);
    const widths = [...screen.getByRole('table').querySelectorAll('col')].map((c) => (c as HTMLElement).style.width);
    expect(widths).toEqual(['160px', '640px', '120px', '110px']);
  });

  it('moves between cells with the arrow keys, Home, End and PageDown', async () => {
    const user = userEvent.setup({ delay: null });
    await render(<DataTable caption="Tickets" columns={COLUMNS} rows={TICKETS} getRowId={(t) => t.id} totals={{ cells: { total: money(17_300) } }} />);
    screen.getByRole('button', { name: 'Sort by Customer' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Ana Lopez');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Maya Flores');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Maya Patel');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('$120.00');
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('Ben Okafor');
    await user.keyboard('{PageDown}');
    expect(document.activeElement?.textContent).toBe('Total');
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('$173.00');
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sort by Customer' }));
    // Up from the heading row goes nowhere.
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sort by Customer' }));
  });

  it('shows loading, empty and totals states', async () => {
    const { rerender } = await render(<DataTable caption="Tickets" columns={COLUMNS} rows={undefined} getRowId={(t) => t.id} />);
    expect(screen.getByRole('status').textContent).toBe('Loading Tickets');
    rerender(<DataTable caption="Tickets" columns={COLUMNS} rows={[]} getRowId={(t) => t.id} empty="No tickets on this day" totals={{ cells: { total: '$0.00' } }} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('cell', { name: 'No tickets on this day' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'Total' })).toBeNull();
    rerender(<DataTable caption="Tickets" columns={COLUMNS} rows={TICKETS} getRowId={(t) => t.id} totals={{ label: 'All tickets', cells: { total: '$173.00' } }} />);
    const totals = screen.getByRole('rowheader', { name: 'All tickets' }).closest('tr') as HTMLElement;
    expect(within(totals).getByRole('cell', { name: '$173.00' })).toBeTruthy();
  });

  it('keeps only the rows in view of a long list, and every row when printing', async () => {
    const many = Array.from({ length: 400 }, (_, i) => ({ ...TICKETS[0]!, id: i + 1, customer: `Customer ${i + 1}` }));
    await render(<DataTable caption="Tickets" columns={COLUMNS} rows={many} getRowId={(t) => t.id} />);
    const table = screen.getByRole('table');
    // (Counted with selectors: role queries over thousands of rows are slow in jsdom.)
    const bodyRows = () => table.querySelectorAll('tbody th[scope="row"]').length;
    expect(table.getAttribute('aria-rowcount')).toBe('401');
    const inView = bodyRows();
    expect(inView).toBeGreaterThan(5);
    expect(inView).toBeLessThan(100);
    // Rows say where they are in the whole list.
    expect(table.querySelector('tbody tr')?.getAttribute('aria-rowindex')).toBe('2');

    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(bodyRows()).toBe(400);
    expect(table.querySelectorAll('tbody th[scope="row"]')[399]?.textContent).toBe('Customer 400');
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(bodyRows()).toBe(inView);
  });

  it('keys rows by id: two rows of the same name stay two rows', async () => {
    const twins = [
      { ...TICKETS[0]!, id: 1, customer: 'Maya' },
      { ...TICKETS[1]!, id: 2, customer: 'Maya' },
    ];
    await render(<DataTable caption="Tickets" columns={COLUMNS} rows={twins} getRowId={(t) => t.id} />);
    expect(customers()).toEqual(['Maya', 'Maya']);
  });

  it('opens a row’s own detail from its button, by click and by keyboard, even when every column fits', async () => {
    width = 2000;
    await render(
      <DataTable caption="Tickets" columns={COLUMNS} rows={TICKETS} getRowId={(t) => t.id} detail={(t) => <p>Lines of ticket {t.id}</p>} totals={{ cells: { total: money(17_300) } }} />,
    );
    expect(screen.queryByText('Lines of ticket 12')).toBeNull();
    const button = screen.getByRole('button', { name: 'Details for Ben Okafor' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(button);
    expect(screen.getByText('Lines of ticket 12')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // Nothing folded at this width: the detail is the row's own only.
    expect(within(screen.getByText('Lines of ticket 12').closest('td') as HTMLElement).queryByText('Tender')).toBeNull();
    screen.getByRole('button', { name: 'Details for Ana Lopez' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Lines of ticket 11')).toBeTruthy();
    expect(screen.queryByText('Lines of ticket 13')).toBeNull();
  });
});
