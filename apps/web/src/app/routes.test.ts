import { REPORT_SLUGS } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import { REPORT_SCREENS } from './routes';

describe('report routes (spec 000 §2 slugs)', () => {
  it('mount a screen for exactly the slugs the registry says are built', () => {
    expect(Object.keys(REPORT_SCREENS).sort()).toEqual(REPORT_SLUGS.filter((s) => s.screen).map((s) => s.slug).sort());
  });
});
