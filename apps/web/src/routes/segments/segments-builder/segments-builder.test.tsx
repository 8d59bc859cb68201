import type { SegmentQuery } from '@salondesk/core';
import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, type Reply, unrestrictedOwnerSession as session } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

/** A count the test answers when it chooses, by the tree it was asked for. */
function countsOnDemand() {
  const pending: { tree: SegmentQuery; answer: (count: number) => void }[] = [];
  const reply = async (request: Request): Promise<Reply> => {
    const body = (await request.json()) as { query_parameters: SegmentQuery };
    return new Promise((resolve) => pending.push({ tree: body.query_parameters, answer: (count) => resolve(ok({ count, sample: [] })) }));
  };
  /** Answers the oldest request for a tree with `children` conditions in its root. */
  const answer = async (children: number, count: number) => {
    await waitFor(() => expect(pending.some((p) => p.tree.children.length === children)).toBe(true));
    const index = pending.findIndex((p) => p.tree.children.length === children);
    pending.splice(index, 1)[0]?.answer(count);
  };
  return { reply, answer };
}

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('the segment builder’s live count', { timeout: 20_000 }, () => {
  it('says Counting… with the previous figure greyed until the answer for the tree as it is now arrives, never an earlier tree’s', async () => {
    const counts = countsOnDemand();
    const app = renderApp('/12/segments/new', {
      storedSession: session,
      storedBusiness: 12,
      api: {
        'GET /protected/user/7/checkstatus': ok(session),
        'GET /protected/user/7/business/12/detail': ok(businessDetail),
        'GET /protected/business/12/io-request': ok([]),
        'POST /protected/business/12/io-request': (request) => counts.reply(request),
      },
    });
    const count = await app.screen.findByTestId('segment-count', {}, { timeout: 15_000 });
    const panel = count.closest('aside') as HTMLElement;
    expect(count.textContent).toBe('Counting…');
    await counts.answer(0, 1517);
    await waitFor(() => expect(count.textContent).toBe('1,517 clients match'));
    expect(panel.getAttribute('aria-busy')).toBe('false');

    // A condition: at once "Counting…", the previous figure greyed beside it, until its own answer.
    fireEvent.click(app.screen.getByRole('button', { name: 'Add condition' }));
    expect(count.textContent).toBe('Counting…');
    expect(panel.getAttribute('aria-busy')).toBe('true');
    expect(app.screen.getByTestId('segment-count-previous').textContent).toContain('1,517 clients match');
    await counts.answer(1, 204);
    await waitFor(() => expect(count.textContent).toBe('204 clients match'));
    expect(app.screen.queryByTestId('segment-count-previous')).toBeNull();

    // A second condition, then a third before the second is answered: the second's answer is not this tree's.
    fireEvent.click(app.screen.getByRole('button', { name: 'Add condition' }));
    await waitFor(() => expect(app.api.calls.filter((c) => c.startsWith('POST')).length).toBe(3));
    fireEvent.click(app.screen.getByRole('button', { name: 'Add condition' }));
    await counts.answer(2, 150);
    await waitFor(() => expect(app.api.calls.filter((c) => c.startsWith('POST')).length).toBe(4));
    expect(count.textContent).toBe('Counting…');
    await counts.answer(3, 97);
    await waitFor(() => expect(count.textContent).toBe('97 clients match'));
  });
});
