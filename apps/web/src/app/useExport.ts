import { type AnyExportEndpoint, type EndpointInput, exportPath, type ExportFormat, type SalondeskClient } from '@salondesk/core';
import { useSalondeskClient } from '@salondesk/react';
import { useCallback, useMemo } from 'react';
import { saveFile } from './saveFile';

/** What a screen passes for an export: its path parameters and its own parameters (the format is the menu's). */
export type ExportInput<E extends AnyExportEndpoint> = {
  params?: Record<string, number>;
  query: Omit<EndpointInput<E>['query'], 'format'>;
};

const callOf = <E extends AnyExportEndpoint>(input: ExportInput<E>, format: ExportFormat) =>
  ({ ...(input.params ? { params: input.params } : {}), query: { ...input.query, format } }) as unknown as EndpointInput<E>;

/** Fetches an export (streamed by the server, its size reported as it arrives) and saves it under the name the server gave it. */
export async function downloadExport<E extends AnyExportEndpoint>(client: SalondeskClient, endpoint: E, input: ExportInput<E>, format: ExportFormat, onProgress: (bytes: number) => void) {
  const file = await client.exports.download(endpoint, callOf(input, format), { onProgress });
  saveFile(file.blob, file.filename ?? `${endpoint.report}.${format}`);
}

/**
 * An export of the screen's list, from the screen's own parameters (business, range, filters):
 * `url(format)` is its address, `download(format, onProgress)` fetches and saves the file.
 */
export function useExport<E extends AnyExportEndpoint>(endpoint: E, input: ExportInput<E>) {
  const client = useSalondeskClient();
  const key = JSON.stringify(input);
  // biome-ignore lint: the input is compared by value (`key`), a new object each render
  const stable = useMemo(() => input, [key]);
  const url = useCallback(
    (format: ExportFormat) => {
      const call = callOf(stable, format) as { params?: Record<string, number>; query: Record<string, string | number | undefined> & { format: ExportFormat } };
      return exportPath(endpoint, call);
    },
    [endpoint, stable],
  );
  const download = useCallback((format: ExportFormat, onProgress: (bytes: number) => void) => downloadExport(client, endpoint, stable, format, onProgress), [client, endpoint, stable]);
  return { url, download };
}
