import { type Address, getAddress, type Hex, maxUint256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { eventLog } from '@/testing/eventLog';
import { historyCounterparties } from '../activity/counterparties';
import { buildEntries } from '../activity/entries';
import type { ActivityItem } from '../activity/item';
import type { Contact } from '../addressBook/contact';
import { logChanges } from '../simulation/changes';
import { describeEffects } from '../simulation/effects';
import type { SimulationResult } from '../simulation/types';
import { knownRecipients } from './knownRecipients';
import type { TxRecord } from './record';
import { countsAsKnown, recipientFindings } from './safety';

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
const sentTo = (recipient: `0x${string}`, status = 'confirmed') =>
  ({ intent: { recipient }, status }) as unknown as TxRecord;

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

  it('does not know the recipient of a transaction that sent nothing: refused, dropped, replaced or failed', () => {
    for (const status of ['rejected', 'dropped', 'replaced', 'failed'])
      expect(knownRecipients({ networkId: 'local', contacts: [], records: [sentTo(carol, status)] })).toEqual([]);
  });

  it('knows the recipient of a send still on its way', () => {
    for (const status of ['signed', 'pending'])
      expect(knownRecipients({ networkId: 'local', contacts: [], records: [sentTo(carol, status)] })).toEqual([
        { address: carol, name: undefined, source: 'recipient' },
      ]);
  });
});

describe("a drainer's 1-wei transfer", () => {
  const me = '0x00000000000000000000000000000000000000a1' as Address;
  const drainer = '0x00000000000000000000000000000000000d2a1e' as Address;
  const token = '0x00000000000000000000000000000000000000da' as Address;
  const oneWei: ActivityItem = {
    id: 'x:1',
    chainId: 1,
    account: me,
    hash: `0x${'1'.repeat(64)}` as Hex,
    blockNumber: 1n,
    timestamp: 1_700_000_000,
    txIndex: 0,
    logIndex: undefined,
    direction: 'in',
    counterparty: drainer,
    asset: { kind: 'native' },
    amount: 1n,
    fee: undefined,
    failed: false,
    source: 'scan',
  };

  it('silences no warning: sending to it is a first payment, and an unlimited allowance to it is to a stranger', () => {
    const entries = buildEntries({
      networkId: 'local',
      account: me,
      items: [oneWei],
      records: [],
      knownTokens: new Set(),
      knownAddresses: [],
    });
    const { dealtWith, senders } = historyCounterparties(entries, me);
    const known = knownRecipients({ networkId: 'local', contacts: [], records: [], history: dealtWith, senders });
    // Met, not known: sending to it is a first payment, and a look-alike of it is still caught.
    expect(known).toEqual([{ address: drainer, name: undefined, source: 'sender' }]);
    expect(recipientFindings({ recipient: drainer, from: me, tokenAddress: undefined, known })).toEqual([
      { kind: 'first-payment', blocking: false },
    ]);
    const lookalike = `${drainer.slice(0, 6)}${'9'.repeat(32)}${drainer.slice(-4)}` as Address;
    expect(recipientFindings({ recipient: lookalike, from: me, tokenAddress: undefined, known })[0]).toMatchObject({
      kind: 'lookalike',
      similar: { address: drainer, source: 'sender' },
    });
    const approval = eventLog(token, 'event Approval(address indexed owner, address indexed spender, uint256 value)', [
      me,
      drainer,
      maxUint256,
    ]);
    const { logs, changes, approvals } = logChanges([approval], []);
    const preview: Omit<SimulationResult, 'logs' | 'changes' | 'approvals'> = {
      strategy: 'structLogs',
      advisory: true,
      outcome: { ok: true },
      gasUsed: 1n,
      created: [],
      notes: [],
    };
    const effects = describeEffects(
      { ...preview, logs, changes, approvals },
      {
        own: [me],
        to: token,
        known: new Set(known.filter((k) => countsAsKnown(k.source)).map((k) => k.address.toLowerCase())),
      },
    );
    expect(effects.warnings).toMatchObject([{ kind: 'unlimited-to-unknown', spender: getAddress(drainer) }]);
  });
});
