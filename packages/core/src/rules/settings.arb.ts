import { fc } from '@fast-check/vitest';
import type { BusinessHoursDay, BusinessSetting } from '../models/settings';

export const settingValueType = fc.constantFrom('bool', 'decimal', 'json', 'string', 'options' as const);

/** Any JSON value (no -0: JSON writes it as 0). */
export const jsonValue = fc.jsonValue().map((v) => JSON.parse(JSON.stringify(v)) as unknown);

export const finiteNumber = fc.double({ noNaN: true, noDefaultInfinity: true });

export const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

export const hoursDay = (dow: number): fc.Arbitrary<BusinessHoursDay> => fc.record({ dow: fc.constant(dow), open: fc.boolean(), start: time, end: time });

export const businessSettingArb: fc.Arbitrary<BusinessSetting> = fc.record({
  id: fc.integer({ min: 1, max: 100_000 }),
  name: fc.stringMatching(/^[A-Z][A-Z0-9_]{0,10}$/),
  prettyname: fc.string({ minLength: 1, maxLength: 10 }),
  description: fc.constant(''),
  category: fc.option(fc.constantFrom('Booking', 'Payments', 'Receipts', ' ', ''), { nil: null }),
  type: settingValueType,
  editable: fc.boolean(),
  cancopy: fc.boolean(),
  isunique: fc.boolean(),
  isvisible: fc.integer({ min: 0, max: 2 }),
  syncappt: fc.boolean(),
  reload: fc.boolean(),
  defaultvalue: fc.constant(null),
  options: fc.constant([]),
  value: fc.constant(null),
  isDefault: fc.constant(true),
});
