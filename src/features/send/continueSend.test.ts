import { describe, expect, it } from 'vitest';
import type { KnownRecipient } from '@/core/tx/safety';
import { namedRecipients } from './continueSend';

const alice: KnownRecipient = {
  address: '0x0000000000000000000000000000000000000a11',
  name: 'Alice',
  source: 'contact',
};
const bob: KnownRecipient = {
  address: '0x0000000000000000000000000000000000000b0b',
  name: 'Bob Smith',
  source: 'contact',
};
const unnamed: KnownRecipient = {
  address: '0x0000000000000000000000000000000000000c0c',
  name: undefined,
  source: 'recipient',
};

describe('namedRecipients', () => {
  it('finds a contact by its exact name, ignoring case and outer spaces', () => {
    expect(namedRecipients([alice, bob, unnamed], '  alice ')).toEqual([alice]);
    expect(namedRecipients([alice, bob, unnamed], 'BOB SMITH')).toEqual([bob]);
  });

  it('does not match part of a name, an empty text, or an address', () => {
    expect(namedRecipients([alice, bob], 'Ali')).toEqual([]);
    expect(namedRecipients([alice, bob, unnamed], '   ')).toEqual([]);
    expect(namedRecipients([alice, bob, unnamed], unnamed.address)).toEqual([]);
  });

  it('returns every contact sharing a name, so the form can ask which one', () => {
    const other = { ...alice, address: '0x0000000000000000000000000000000000000a12' as const };
    expect(namedRecipients([alice, other], 'Alice')).toHaveLength(2);
  });

  it('picks visible accounts by name but never a hidden one', () => {
    const savings: KnownRecipient = { ...bob, name: 'Savings', source: 'account' };
    const vault: KnownRecipient = { ...unnamed, name: 'Vault', source: 'hidden-account' };
    expect(namedRecipients([savings, vault], 'savings')).toEqual([savings]);
    expect(namedRecipients([savings, vault], 'Vault')).toEqual([]);
  });
});
