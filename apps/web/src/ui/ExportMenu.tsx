import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { useRef, useState } from 'react';
import { cx } from './cx';
import { Spinner } from './Spinner';

export type ExportFormat = 'csv' | 'xlsx';
type Action = { kind: ExportFormat; file?: string } | { kind: 'print' };

/** One of several files a screen offers (a report with several tables). */
export interface ExportFile {
  id: string;
  label: string;
}

export interface ExportMenuProps {
  /** What is exported, for the button's accessible name: `Export Transactions`. */
  title: string;
  /**
   * Makes and saves the file of every row (the server streams it); `onProgress` takes the bytes
   * received so far. Rejects with an Error whose message is shown.
   */
  onExport: (format: ExportFormat, onProgress: (bytes: number) => void, file?: string) => Promise<void>;
  /** When the screen offers several files: each gets "CSV" and "XLSX" items under its name, and `onExport` is told which. */
  files?: readonly ExportFile[];
  /**
   * Puts every row on the page before printing (a paged list loads its other pages), reporting
   * what is loaded; leave out when the page already holds them all.
   */
  onPreparePrint?: (onProgress: (loaded: number, total: number) => void) => Promise<void>;
  /** Opens the browser's print dialog; `window.print` by default. */
  print?: () => void;
  /** The message when a failure has none of its own. */
  fallbackError?: string;
  disabled?: boolean;
  className?: string;
}

type State = { kind: 'idle' } | { kind: 'busy'; action: Action; progress: string } | { kind: 'error'; action: Action; message: string };

const FORMAT_LABEL: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'XLSX' };

/** Bytes as people read them: `940 B`, `12 KB`, `1.2 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const itemClass = 'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

/**
 * The export menu of a list or report: "Export CSV", "Export XLSX", "Print". While a file is
 * prepared it says so, with what has arrived; a failure is shown with "Try again". It never
 * prints itself (`print:hidden`).
 */
export function ExportMenu({ title, onExport, files, onPreparePrint, print, fallbackError = 'The file could not be made. Try again.', disabled = false, className }: ExportMenuProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const running = useRef(false);

  const run = async (action: Action) => {
    if (running.current) return;
    running.current = true;
    setState({ kind: 'busy', action, progress: '' });
    try {
      if (action.kind === 'print') {
        if (onPreparePrint) await onPreparePrint((loaded, total) => setState({ kind: 'busy', action, progress: `${loaded.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows` }));
        setState({ kind: 'idle' });
        (print ?? (() => window.print()))();
      } else {
        await onExport(action.kind, (bytes) => setState({ kind: 'busy', action, progress: formatBytes(bytes) }), action.file);
        setState({ kind: 'idle' });
      }
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : fallbackError;
      setState({ kind: 'error', action, message });
    } finally {
      running.current = false;
    }
  };

  const busy = state.kind === 'busy';
  /** What is being prepared, as the status line says it: `XLSX`, `Sales by staff (CSV)`, `the print`. */
  const what = (action: Action) => {
    if (action.kind === 'print') return 'the print';
    const file = files?.find((f) => f.id === action.file);
    return file ? `${file.label} (${FORMAT_LABEL[action.kind]})` : FORMAT_LABEL[action.kind];
  };
  const fileItems = (file?: ExportFile) =>
    (['csv', 'xlsx'] as const).map((format) => (
      <MenuItem key={`${file?.id ?? ''}${format}`}>
        <button type="button" className={cx(itemClass, file && 'pl-5')} onClick={() => void run({ kind: format, ...(file ? { file: file.id } : {}) })}>
          {file ? `${file.label} (${FORMAT_LABEL[format]})` : `Export ${FORMAT_LABEL[format]}`}
        </button>
      </MenuItem>
    ));
  return (
    <div className={cx('flex flex-wrap items-center gap-2 print:hidden', className)}>
      <Menu>
        <MenuButton
          disabled={disabled || busy}
          aria-label={`Export ${title}`}
          className={cx(
            'inline-flex h-10 items-center gap-2 rounded-lg bg-white px-4 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300',
            'hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-400 data-open:bg-slate-50',
          )}
        >
          {busy ? (
            <Spinner size="sm" />
          ) : (
            <svg viewBox="0 0 20 20" className="size-4 text-slate-500" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path strokeLinecap="round" strokeLinejoin="round" d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14v1.5A1.5 1.5 0 0 0 5.5 17h9a1.5 1.5 0 0 0 1.5-1.5V14" />
            </svg>
          )}
          Export
          <svg viewBox="0 0 20 20" className="size-4 text-slate-500" fill="currentColor" aria-hidden="true">
            <path d="M5.5 7.5 10 12l4.5-4.5z" />
          </svg>
        </MenuButton>
        <MenuItems
          anchor={{ to: 'bottom end', gap: 8 }}
          transition
          className="z-50 min-w-52 rounded-xl bg-white p-1 text-sm shadow-lg ring-1 ring-slate-900/10 transition duration-100 ease-out focus:outline-none data-closed:scale-95 data-closed:opacity-0"
        >
          {files && files.length > 0 ? (
            <MenuSection>
              <MenuHeading className="px-3 pt-2 pb-1 text-xs font-semibold text-slate-500">Export</MenuHeading>
              {files.flatMap((file) => fileItems(file))}
            </MenuSection>
          ) : (
            fileItems()
          )}
          <MenuSeparator className="my-1 h-px bg-slate-100" />
          <MenuItem>
            <button type="button" className={itemClass} onClick={() => void run({ kind: 'print' })}>
              Print
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
      <p role="status" aria-live="polite" className={cx('text-sm text-slate-600', !busy && 'sr-only')}>
        {busy ? `Preparing ${what(state.action)}…${state.progress ? ` ${state.progress}` : ''}` : ''}
      </p>
      {state.kind === 'error' ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 rounded-lg bg-red-50 px-3 py-1.5 text-sm text-red-800 ring-1 ring-red-200">
          <span>{state.message}</span>
          <button type="button" className="font-medium underline hover:no-underline" onClick={() => void run(state.action)}>
            Try again
          </button>
          <button type="button" className="font-medium text-red-700 hover:underline" onClick={() => setState({ kind: 'idle' })} aria-label="Dismiss">
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
