import { describe, expect, it } from 'vitest';
import type { Contact } from '../addressBook/contact';
import { knownRecipients } from './knownRecipients';
import type { TxRecord } from './record';

const alice = '0x0000000000000000000000000000000000000a11' as const;
const bob = '0x0000000000000000000000000000000000000b0b' as const;
const carol = '0x000000000000000000000000000000000000c0c0' as const;
const dave = '0x000000000000000000000000000000000000da7e' as const;
const erin = '0x000000000000000000000000000000000000e1e1' as const;

const contact = (address: `0x${string}`, name: string, networkId = 'all'): Contact => ({
  id: name,
  name,
  address,
  networkId,
  createdAt: 0,
});
const sentTo = (recipient: `0x${string}`) => ({ intent: { recipient } }) as unknown as TxRecord;

describe('knownRecipients', () => {
  it('knows contacts, accounts (hidden ones too), past recipients and history counterparties, most trusted first', () => {
    expect(
      knownRecipients({
        networkId: 'local',
        contacts: [contact(alice, 'Alice'), contact(erin, 'Elsewhere', 'ethereum')],
        accounts: [
          { address: bob, name: 'Savings', hidden: false },
          { address: dave, name: 'Old vault', hidden: true },
          { address: alice, name: 'Should not override Alice', hidden: false },
        ],
        records: [sentTo(carol), sentTo(bob)],
        history: [erin, carol, dave],
      }),
    ).toEqual([
      { address: alice, name: 'Alice', source: 'contact' },
      { address: bob, name: 'Savings', source: 'account' },
      { address: dave, name: 'Old vault', source: 'hidden-account' },
      { address: carol, name: undefined, source: 'recipient' },
      { address: erin, name: undefined, source: 'history' },
    ]);
  });

  it('names each address once whatever its case', () => {
    const known = knownRecipients({
      networkId: 'local',
      contacts: [],
      records: [sentTo(carol)],
      history: [carol.toUpperCase().replace('0X', '0x') as `0x${string}`],
    });
    expect(known).toEqual([{ address: carol, name: undefined, source: 'recipient' }]);
  });
});
