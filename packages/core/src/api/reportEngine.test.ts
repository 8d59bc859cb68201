import { describe, expect, it } from 'vitest';
import { reportRunNotice } from './reportEngine';

const run = { title: 'Staff visits', row_count: 5_691, truncated: false, error: null };

describe('reportRunNotice', () => {
  it('says nothing while the run waits or runs', () => {
    expect(reportRunNotice({ ...run, status: 'queued' })).toBeNull();
    expect(reportRunNotice({ ...run, status: 'running' })).toBeNull();
  });
  it('counts the rows of a finished run, one row in the singular, and says when the cap cut it', () => {
    expect(reportRunNotice({ ...run, status: 'finished' })).toEqual({ title: 'Report run finished', body: 'Staff visits: 5,691 rows.' });
    expect(reportRunNotice({ ...run, status: 'finished', row_count: 1 }).body).toBe('Staff visits: 1 row.');
    expect(reportRunNotice({ ...run, status: 'finished', truncated: true }).body).toBe('Staff visits: 5,691 rows (cut at the row cap).');
  });
  it('gives a failed run’s reason', () => {
    expect(reportRunNotice({ ...run, status: 'failed', error: 'Statement timed out.' })).toEqual({ title: 'Report run failed', body: 'Staff visits: Statement timed out.' });
  });
});
