import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import { tableName, tableSettings, tableSettingsUpdate, type TableSettingsUpdate } from '../models/tableSettings';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/**
 * Saved table settings (spec 001 §7; spec 000 §7 Reports): per signed-in user, per business and
 * per table name. Anyone who may see the business keeps their own; nobody reads another's.
 */
const P = '/protected/business/{id}/tablesettings/{name}';
const params = z.object({ id, name: tableName });

export const tableSettingsEndpoints = {
  get: defineEndpoint({
    name: 'tableSettings.get',
    method: 'GET',
    path: `${P}/get`,
    access: 'business',
    params,
    /** The user's saved settings of this table, or null before the first save. */
    response: z.nullable(tableSettings),
    errorMessage: MESSAGES.failedToFetchTableSettings,
  }),
  update: defineEndpoint({
    name: 'tableSettings.update',
    method: 'POST',
    path: `${P}/update`,
    access: 'business',
    params,
    body: tableSettingsUpdate,
    /** Saved (created the first time), as `get` will give it. */
    response: tableSettings,
    errorMessage: MESSAGES.failedToUpdateBang,
  }),
} as const;

export function tableSettingsClient(transport: Transport) {
  const e = tableSettingsEndpoints;
  return {
    /** The signed-in user's settings of table `name` in a business, or null. */
    get: (businessId: number, name: string) => transport.request(e.get, { params: { id: businessId, name } }),
    /** Saves them: `client.tableSettings.update(12, 'sales-by-staff', { title: 'By staff', configuration: { sorting: [] } })`. */
    update: (businessId: number, name: string, settings: TableSettingsUpdate['settings']) => transport.request(e.update, { params: { id: businessId, name }, body: { settings } }),
  };
}
