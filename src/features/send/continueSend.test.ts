import { describe, expect, it } from 'vitest';
import type { Network } from '@/core/chain/networks';
import type { TxRecord } from '@/core/tx/record';
import { knownRecipients, namedRecipients } from './continueSend';

const alice = { address: '0x0000000000000000000000000000000000000a11' as const, name: 'Alice' };
const bob = { address: '0x0000000000000000000000000000000000000b0b' as const, name: 'Bob Smith' };
const unnamed = { address: '0x0000000000000000000000000000000000000c0c' as const, name: undefined };

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
});

describe('knownRecipients', () => {
  const network = { id: 'local' } as Network;
  it('knows contacts, the person’s own accounts and past recipients, contacts’ names first', () => {
    const contact = { id: 'c', name: 'Alice', address: alice.address, networkId: 'all', createdAt: 0 };
    const own = [
      { address: bob.address, name: 'Savings' },
      { address: alice.address, name: 'Should not override Alice' },
    ];
    const records = [{ intent: { recipient: unnamed.address } }] as unknown as TxRecord[];
    expect(knownRecipients(network, [contact], records, own)).toEqual([
      { address: alice.address, name: 'Alice' },
      { address: bob.address, name: 'Savings' },
      { address: unnamed.address, name: undefined },
    ]);
  });
});
