import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { namedClientArb, namePartArb } from './clientName.arb';
import { clientName, ERASED_CLIENT_NAME, fullName, NAME_TRIM_CHARACTERS, trimNamePart } from './clientName';
import { customerOf } from './transactions';

describe('clientName', () => {
  it('a name, else what the phone says, else Customer; an erased client as erased', () => {
    expect(clientName({ firstname: ' Ana ', lastname: null, phone: '555', phone_type: 'MOBILE' })).toBe('Ana');
    expect(clientName({ firstname: '\u00a0Ana', lastname: ' Li\u3000', phone: '555', phone_type: 'MOBILE' })).toBe('Ana Li');
    expect(clientName({ firstname: null, lastname: 'Li', phone: '555', phone_type: 'GUEST' })).toBe('Li');
    expect(clientName({ firstname: null, lastname: null, phone: '(555) 514-6808', phone_type: 'MOBILE' })).toBe('(555) 514-6808');
    expect(clientName({ firstname: ' ', lastname: '', phone: '', phone_type: 'MOBILE' })).toBe('Customer');
    expect(clientName({ firstname: null, lastname: null, phone: ' \t', phone_type: 'MOBILE' })).toBe('Customer');
    expect(clientName({ firstname: null, lastname: null, phone: '0000001', phone_type: 'TEMP' })).toBe('Walk-in');
    expect(clientName({ firstname: null, lastname: null, phone: '5550100', phone_type: 'GUEST' })).toBe('Guest');
    expect(clientName(null)).toBe('Walk-in');
    expect(clientName({ firstname: 'Ana', lastname: 'Li', phone: '', phone_type: 'MOBILE', erased_at: '2026-01-01T00:00:00Z' })).toBe(ERASED_CLIENT_NAME);
  });

  it('trims what String.prototype.trim trims, no more', () => {
    const all = NAME_TRIM_CHARACTERS;
    expect(all.trim()).toBe('');
    const differ: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      if ((ch.trim() === '') !== all.includes(ch)) differ.push(`U+${c.toString(16)}`);
    }
    expect(differ).toEqual([]);
  });

  test.prop([namePartArb])('a part is trimmed as String.prototype.trim trims it', (part) => {
    expect(trimNamePart(part)).toBe((part ?? '').trim());
  });

  test.prop([namedClientArb])('never blank, and the full name whenever there is one', (client) => {
    const name = clientName(client);
    expect(name.trim()).not.toBe('');
    if (!client.erased_at && fullName(client) !== '') expect(name).toBe(fullName(client));
  });

  test.prop([namedClientArb.filter((c) => c.phone_type !== null && !c.erased_at)])('a ticket shows its customer by the same name', (client) => {
    const phones = [{ type: client.phone_type!, phone: client.phone ?? '', customerprofiles: [{ firstname: client.firstname, lastname: client.lastname, email: null }] }];
    expect(customerOf(phones).name).toBe(clientName(client));
  });

  it('has one definition: a ticket with no phones is a walk-in', () => {
    fc.assert(fc.property(fc.constant([]), (phones) => customerOf(phones).name === clientName(null)));
  });
});
