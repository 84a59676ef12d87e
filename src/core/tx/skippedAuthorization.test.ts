import { type Address, createPublicClient, custom, type Hex, HttpRequestError, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ChainClient } from '../chain/client';
import type { CarriedAuthorization } from './record';
import { skippedAuthorization } from './skippedAuthorization';

const ACCOUNT: Address = '0x1111111111111111111111111111111111111111';
const DELEGATE: Address = '0x2222222222222222222222222222222222222222';
const DESIGNATOR: Hex = `0xef0100${DELEGATE.slice(2)}`;
const upgrade = {
  kind: 'account-upgrade' as const,
  batch: undefined,
  authorizations: [
    { address: DELEGATE, authority: ACCOUNT, chainId: 1, nonce: 1, r: '0x1', s: '0x1', yParity: 0 },
  ] as CarriedAuthorization[],
};

/** A node answering eth_getCode: at the mined block (hex) and at 'latest', or failing as told. */
function node(answers: { atBlock: Hex | Error; latest: Hex | Error }): ChainClient {
  return createPublicClient({
    transport: custom(
      {
        async request({ method, params }) {
          if (method !== 'eth_getCode') throw new Error(`unexpected ${method}`);
          const answer = (params as [string, string])[1] === 'latest' ? answers.latest : answers.atBlock;
          if (answer instanceof Error) throw answer;
          return answer;
        },
      },
      { retryCount: 0 },
    ),
  }) as unknown as ChainClient;
}

const pruned = Object.assign(new Error('missing trie node'), { code: -32000 });
const unreachable = new HttpRequestError({ url: 'http://127.0.0.1:1', details: 'fetch failed' });

describe('whether a mined transaction’s authorizations took effect', () => {
  it('reads the code at the block that mined it', async () => {
    expect(await skippedAuthorization(node({ atBlock: DESIGNATOR, latest: '0x' }), upgrade, 5n)).toBeUndefined();
    expect(await skippedAuthorization(node({ atBlock: '0x', latest: DESIGNATOR }), upgrade, 5n)).toBe(ACCOUNT);
  });

  it('on a node without that block’s state, lets the code now confirm it, never refute it', async () => {
    expect(await skippedAuthorization(node({ atBlock: pruned, latest: DESIGNATOR }), upgrade, 5n)).toBeUndefined();
    // Undone since, perhaps: that says nothing of the block it was mined in.
    expect(await skippedAuthorization(node({ atBlock: pruned, latest: '0x' }), upgrade, 5n)).toBe('unknown');
  });

  it('does not decide while the node cannot be reached', async () => {
    expect(await skippedAuthorization(node({ atBlock: unreachable, latest: DESIGNATOR }), upgrade, 5n)).toBe('unknown');
    expect(await skippedAuthorization(node({ atBlock: pruned, latest: unreachable }), upgrade, 5n)).toBe('unknown');
  });

  it('reads nothing for a transaction without authorizations, and checks an undo for no code', async () => {
    const plain = { kind: 'transfer' as const, batch: undefined, authorizations: undefined };
    expect(await skippedAuthorization(node({ atBlock: unreachable, latest: unreachable }), plain, 5n)).toBeUndefined();
    const undo = {
      ...upgrade,
      authorizations: [{ ...upgrade.authorizations[0], address: zeroAddress }] as CarriedAuthorization[],
    };
    expect(await skippedAuthorization(node({ atBlock: '0x', latest: '0x' }), undo, 5n)).toBeUndefined();
    expect(await skippedAuthorization(node({ atBlock: DESIGNATOR, latest: '0x' }), undo, 5n)).toBe(ACCOUNT);
  });
});
