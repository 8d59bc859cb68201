import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  BYPASS_WORDS,
  businessIdFromPath,
  businessPath,
  bypassesBusinessCheck,
  pathCheck,
  registerUserPath,
  skipsAuthInit,
  switchBusinessPath,
} from './routes';

const segment = fc.stringMatching(/^[a-z0-9-]{0,12}$/);
const businessId = fc.integer({ min: 1, max: 2 ** 31 - 1 });

describe('route rules (spec 000 §2)', () => {
  test.prop([segment, fc.constantFrom(...BYPASS_WORDS), segment])(
    'any path containing a bypass word bypasses the business check',
    (before, word, after) => {
      const path = `/${before}${word}${after}`;
      expect(bypassesBusinessCheck(path)).toBe(true);
      expect(['bypass', 'public']).toContain(pathCheck(path));
    },
  );

  test.prop([businessId, fc.array(segment.filter((s) => s.length > 0), { maxLength: 3 })])(
    'a business-scoped path yields its id back',
    (id, rest) => {
      expect(businessIdFromPath(businessPath(id, rest.join('/') || 'home'))).toBe(id);
      expect(businessIdFromPath(`/${id}`)).toBe(id);
    },
  );

  test.prop([businessId, businessId])('switching business keeps the screen', (from, to) => {
    const switched = switchBusinessPath(`/${from}/settings/hours`, to);
    expect(switched).toBe(`/${to}/settings/hours`);
    expect(businessIdFromPath(switched)).toBe(to);
  });

  it('is not fooled by paths that only look business-scoped', () => {
    expect(businessIdFromPath('/12abc/home')).toBeNull();
    expect(businessIdFromPath('/home')).toBeNull();
    expect(businessIdFromPath('/0/home')).toBeNull();
    expect(businessIdFromPath('/')).toBeNull();
    expect(businessIdFromPath('/99999999999999999999/home')).toBeNull();
  });

  it('names public paths and the check each path needs', () => {
    expect(skipsAuthInit('/public/share/abc')).toBe(true);
    expect(skipsAuthInit('/register-user')).toBe(true);
    // An invitation's link is such a public path, never a business path (no session is asked for).
    expect(registerUserPath(12, 'Ab-1_x')).toBe('/register-user/12/Ab-1_x');
    expect(pathCheck(registerUserPath(12, 'Ab-1_x'))).toBe('public');
    expect(pathCheck('/12/admin/getuser')).toBe('bypass');
    expect(skipsAuthInit('/12/home')).toBe(false);
    expect(pathCheck('/public/share/x')).toBe('public');
    expect(pathCheck('/login')).toBe('bypass');
    expect(pathCheck('/12/payment-method')).toBe('bypass');
    expect(pathCheck('/12/home')).toBe('business');
    expect(pathCheck('/')).toBe('none');
  });

  it('goes home when switching from a path outside any business', () => {
    expect(switchBusinessPath('/', 7)).toBe('/7/home');
    expect(switchBusinessPath('/3/', 7)).toBe('/7/home');
  });
});
