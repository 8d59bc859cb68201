import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ExportMenu, formatBytes } from './ExportMenu';

/** A promise the test settles when it wants. */
function deferred() {
  let resolve = () => undefined as void;
  let reject = (_error: Error) => undefined as void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ExportMenu', () => {
  it('offers CSV, XLSX and Print, and says how the file is coming along', async () => {
    const file = deferred();
    let report: (bytes: number) => void = () => undefined;
    const onExport = vi.fn((_format: 'csv' | 'xlsx', onProgress: (bytes: number) => void) => {
      report = onProgress;
      return file.promise;
    });
    render(<ExportMenu title="Transactions" onExport={onExport} print={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export Transactions' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Export CSV', 'Export XLSX', 'Print']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Export XLSX' }));
    expect(onExport).toHaveBeenCalledWith('xlsx', expect.any(Function), undefined);
    expect(screen.getByRole('status').textContent).toBe('Preparing XLSX…');
    expect((screen.getByRole('button', { name: 'Export Transactions' }) as HTMLButtonElement).disabled).toBe(true);
    report(1_300_000);
    expect(await screen.findByText('Preparing XLSX… 1.2 MB')).toBeTruthy();
    file.resolve();
    await vi.waitFor(() => expect((screen.getByRole('button', { name: 'Export Transactions' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows a failure with its message, and tries again', async () => {
    const onExport = vi.fn().mockRejectedValueOnce(new Error('A report covers at most 400 days.')).mockResolvedValueOnce(undefined);
    render(<ExportMenu title="Sales" onExport={onExport} print={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export Sales' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A report covers at most 400 days.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onExport).toHaveBeenCalledTimes(2);
    expect(onExport).toHaveBeenLastCalledWith('csv', expect.any(Function), undefined);
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('says the fallback when a failure has no message, and can be dismissed', async () => {
    render(<ExportMenu title="Sales" onExport={() => Promise.reject(new Error(''))} fallbackError="The file could not be made. Try again." print={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export Sales' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The file could not be made. Try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('loads every row with progress before it prints, and prints only then', async () => {
    const rows = deferred();
    let report: (loaded: number, total: number) => void = () => undefined;
    const print = vi.fn();
    render(
      <ExportMenu
        title="Transaction history"
        onExport={() => Promise.resolve()}
        onPreparePrint={(onProgress) => {
          report = onProgress;
          return rows.promise;
        }}
        print={print}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export Transaction history' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Print' }));
    report(100, 430);
    expect(await screen.findByText('Preparing the print… 100 of 430 rows')).toBeTruthy();
    expect(print).not.toHaveBeenCalled();
    rows.resolve();
    await vi.waitFor(() => expect(print).toHaveBeenCalledOnce());
  });

  it('prints at once when every row is already there, and works from the keyboard', async () => {
    const print = vi.fn();
    render(<ExportMenu title="Staff" onExport={() => Promise.resolve()} print={print} />);
    screen.getByRole('button', { name: 'Export Staff' }).focus();
    // Enter opens the menu on its first item; two steps down is Print.
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(screen.getAllByRole('menuitem')).toHaveLength(3));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await vi.waitFor(() => expect(print).toHaveBeenCalledOnce());
  });

  it('names each file of a screen with several, and says which one is coming', async () => {
    const file = deferred();
    const onExport = vi.fn(() => file.promise);
    render(
      <ExportMenu
        title="Sales summary"
        files={[
          { id: 'day', label: 'Sales by day' },
          { id: 'staff', label: 'Sales by staff' },
        ]}
        onExport={onExport}
        print={() => undefined}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export Sales summary' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Sales by day (CSV)', 'Sales by day (XLSX)', 'Sales by staff (CSV)', 'Sales by staff (XLSX)', 'Print']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sales by staff (XLSX)' }));
    expect(onExport).toHaveBeenCalledWith('xlsx', expect.any(Function), 'staff');
    expect(screen.getByRole('status').textContent).toBe('Preparing Sales by staff (XLSX)…');
    file.resolve();
  });

  it('reads sizes as people do', () => {
    expect(formatBytes(940)).toBe('940 B');
    expect(formatBytes(12_345)).toBe('12 KB');
    expect(formatBytes(1_300_000)).toBe('1.2 MB');
  });
});
