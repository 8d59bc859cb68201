import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, unrestrictedOwnerSession as session } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const segment = (id: number, name: string, counted: { count: number; at: string } | null) => ({
  id,
  businessId: 12,
  name,
  description: '',
  query_parameters: { type: 'group', match: 'all', children: [{ type: 'condition', kind: 'hasEmail' }] },
  last_searched: null,
  businessList: [12],
  editors: [],
  canEdit: true,
  updatedAt: '2026-03-01T10:00:00.000Z',
  counted,
});

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('the segments list', { timeout: 30_000 }, () => {
  it('shows each segment’s count with its age, and reads the list again until a missing count is there', async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000 - 10_000).toISOString();
    let reads = 0;
    const app = renderApp('/12/segments', {
      storedSession: session,
      storedBusiness: 12,
      api: {
        'GET /protected/user/7/checkstatus': ok(session),
        'GET /protected/user/7/business/12/detail': ok(businessDetail),
        'GET /protected/business/12/tablesettings/segments/get': ok(null),
        'GET /protected/business/12/io-request': () => {
          reads++;
          // The server counts the new segment in the background: the second read has it.
          const counted = reads === 1 ? null : { count: 1517, at: new Date().toISOString() };
          return ok([segment(1, 'Regulars', { count: 204, at: fiveMinutesAgo }), segment(2, 'Everyone with an email', counted)]);
        },
      },
    });
    const regulars = await app.screen.findByRole('row', { name: /Regulars/ }, { timeout: 15_000 });
    expect(regulars.textContent).toContain('204 · counted 5 min ago');
    expect(app.screen.getByRole('row', { name: /Everyone with an email/ }).textContent).toContain('Counting…');
    expect(app.screen.queryByText('Not counted yet')).toBeNull();
    await waitFor(() => expect(app.screen.getByRole('row', { name: /Everyone with an email/ }).textContent).toContain('1,517 · counted just now'), { timeout: 10_000 });
    expect(reads).toBeGreaterThanOrEqual(2);
  });
});
