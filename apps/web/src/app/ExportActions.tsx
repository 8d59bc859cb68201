import { type AnyExportEndpoint, MESSAGES } from '@salondesk/core';
import { useSalondeskClient } from '@salondesk/react';
import { ExportMenu } from '../ui/ExportMenu';
import { downloadExport, type ExportInput, useExport } from './useExport';

type PreparePrint = (onProgress: (loaded: number, total: number) => void) => Promise<void>;

/**
 * The export menu of a screen: CSV and XLSX of its whole list (every row of the range, made on
 * the server) and Print. A paged list passes `onPreparePrint` to load its other pages first.
 */
export function ExportActions<E extends AnyExportEndpoint>({ endpoint, onPreparePrint, ...input }: { endpoint: E; onPreparePrint?: PreparePrint } & ExportInput<E>) {
  const { download } = useExport(endpoint, input as ExportInput<E>);
  return <ExportMenu title={endpoint.title} onExport={download} onPreparePrint={onPreparePrint} fallbackError={MESSAGES.exportFailed} />;
}

/** One file of a screen that offers several (a report with several tables). */
export interface ExportItem<E extends AnyExportEndpoint = AnyExportEndpoint> {
  endpoint: E;
  input: ExportInput<E>;
}

/** The export menu of a screen with several tables: each table's file, then Print. */
export function MultiExportActions({ title, items, onPreparePrint }: { title: string; items: readonly ExportItem[]; onPreparePrint?: PreparePrint }) {
  const client = useSalondeskClient();
  return (
    <ExportMenu
      title={title}
      files={items.map((i) => ({ id: i.endpoint.report, label: i.endpoint.title }))}
      onExport={(format, onProgress, file) => {
        const item = items.find((i) => i.endpoint.report === file) ?? items[0];
        if (!item) return Promise.resolve();
        return downloadExport(client, item.endpoint, item.input, format, onProgress);
      }}
      onPreparePrint={onPreparePrint}
      fallbackError={MESSAGES.exportFailed}
    />
  );
}
