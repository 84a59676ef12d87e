// The grant's atomic part: each granted account's capability on each granted chain, read by Cairn's
// window (the chain's EIP-7702 support only where it decides), sent to the connector with the
// grant once read, and read again when the accounts or chains change or a batch may have upgraded one.
import type { Address } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import type { AccountSource } from '../accounts/account';
import type { SmartAccountState } from '../smartAccount/accountState';
import { DELEGATION_CONTRACTS } from '../smartAccount/delegates';
import { type AtomicGrant, type AtomicReads, readAtomicGrant } from './atomicGrant';
import { DappConnection } from './connection';
import type { PortMessage, SiteGrant } from './protocol';

const A: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const B: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const C: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const D: Address = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const upgraded: SmartAccountState = { kind: 'upgraded', delegate: DELEGATION_CONTRACTS.delegator };
const GRANT: SiteGrant = { accounts: [A, B, C, D], chainId: '0x7a69', chains: { '0x7a69': [], '0x1': [] } };

/** Reads where A (vault key) and B (Ledger) are plain, C (vault key) is upgraded, D is no vault account. */
function fakeReads(options: { runs7702?: Record<number, boolean>; failOn?: number } = {}) {
  const states: Record<string, SmartAccountState> = { [A]: { kind: 'plain' }, [B]: { kind: 'plain' }, [C]: upgraded };
  const signers: Record<string, AccountSource['kind']> = { [A]: 'hd', [B]: 'qrDevice', [C]: 'key' };
  const reads = {
    state: vi.fn(async (chainId: number, account: Address) => {
      if (chainId === options.failOn) throw new Error('node down');
      return states[account];
    }),
    runs7702: vi.fn(async (chainId: number) => options.runs7702?.[chainId] ?? true),
    signer: (account: Address) => signers[account],
  } satisfies AtomicReads;
  return { reads, states };
}

describe('reading the grant’s atomic part', () => {
  it('says supported for an upgraded account, ready for one Cairn can upgrade, and leaves out the rest', async () => {
    const { reads } = fakeReads({ runs7702: { 1: false } });
    expect(await readAtomicGrant(GRANT, reads)).toEqual({
      '0x7a69': { [A.toLowerCase()]: 'ready', [C.toLowerCase()]: 'supported' },
      '0x1': { [C.toLowerCase()]: 'supported' },
    });
    // Only the vault's accounts are read, and each chain's support once, as only A's status needs it.
    expect(reads.state).toHaveBeenCalledTimes(6);
    expect(reads.runs7702.mock.calls).toEqual([[31_337], [1]]);
  });

  it('leaves an account unsupported on a chain whose node cannot say', async () => {
    const { reads } = fakeReads({ failOn: 1 });
    expect(await readAtomicGrant(GRANT, reads)).toEqual({
      '0x7a69': { [A.toLowerCase()]: 'ready', [C.toLowerCase()]: 'supported' },
    });
  });
});

describe('the grant Cairn’s window sends', () => {
  function window(read: (grant: SiteGrant) => Promise<AtomicGrant>) {
    const messages: PortMessage[] = [];
    const connection = new DappConnection(
      { postMessage: (m) => messages.push(m) },
      'https://app.example',
      { name: 'Example' },
      {
        site: () => ({
          origin: 'https://app.example',
          accounts: [A],
          networkId: 'localhost',
          networkIds: ['localhost'],
          ownNodeReads: false,
          name: 'Example',
          grantedAt: 1,
          lastUsed: 1,
        }),
        grant: () => ({ accounts: [A], chainId: '0x7a69', chains: { '0x7a69': [] } }),
        atomic: read,
        unlocked: () => true,
        revoke: () => undefined,
        switchToApproved: () => false,
        onIdle: () => undefined,
        now: () => 0,
      },
    );
    const grants = () => messages.flatMap((m) => (m.type === 'grant' ? [m.grant] : []));
    const capabilities = () => {
      connection.receive({ type: 'request', id: 1, method: 'wallet_getCapabilities', params: [A], chainId: '0x7a69' });
      const answer = messages.filter((m) => m.type === 'response').at(-1);
      return answer && 'result' in answer ? answer.result : answer;
    };
    return { connection, grants, capabilities };
  }

  it('carries the atomic part once read, answers capabilities from it, and reads again only when asked', async () => {
    let status: 'ready' | 'supported' = 'ready';
    const read = vi.fn(async () => ({ '0x7a69': { [A.toLowerCase()]: status } }) as AtomicGrant);
    const { connection, grants, capabilities } = window(read);
    connection.sendGrant();
    expect(grants()).toEqual([{ accounts: [A], chainId: '0x7a69', chains: { '0x7a69': [] } }]);
    // What the window waits for before it closes: the grant read is sent by then.
    await connection.atomic.settled();
    expect(grants()).toHaveLength(2);
    expect(grants()[1]?.atomic).toEqual({ '0x7a69': { [A.toLowerCase()]: 'ready' } });
    expect(capabilities()).toEqual({ '0x7a69': { atomic: { status: 'ready' } } });
    // The same grant again: nothing new is read or sent.
    connection.sendGrant();
    expect(read).toHaveBeenCalledTimes(1);
    // A batch upgraded the account: read again, and the site is told.
    status = 'supported';
    connection.refreshAtomic();
    await connection.atomic.settled();
    expect(grants()).toHaveLength(3);
    expect(grants()[2]?.atomic).toEqual({ '0x7a69': { [A.toLowerCase()]: 'supported' } });
    expect(capabilities()).toEqual({ '0x7a69': { atomic: { status: 'supported' } } });
  });

  it('sends the grant without it when it cannot be read', async () => {
    const read = vi.fn(() => Promise.reject(new Error('node down')));
    const { connection, grants, capabilities } = window(read);
    connection.sendGrant();
    await vi.waitFor(() => expect(read).toHaveBeenCalled());
    expect(grants()).toHaveLength(1);
    expect(capabilities()).toEqual({ '0x7a69': { atomic: { status: 'unsupported' } } });
  });
});
