import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { chainClient } from '@/core/chain/client';
import { readSmartAccountState } from '@/core/smartAccount/accountState';
import { DELEGATION_CONTRACTS } from '@/core/smartAccount/delegates';
import { countingAuthorizations } from '@/testing/countingSigner';
import { localChainUrl } from '@/testing/localChainUrl';
import { demoSigner, recordingService, testNetwork, testNode } from '@/testing/txFixtures';
import { demoContractAddresses } from '../../../devchain/seed.ts';
import { confirmUpgrade, prepareUpgrade } from './smartSend';

const url = localChainUrl();
const node = testNode(url);

describe('an upgrade and its undo, signed only at Confirm', () => {
  it('prepares each with a stand-in authorization, then signs and mines it within the reviewed gas', async () => {
    const network = testNetwork(url);
    const { wrapped, signed } = countingAuthorizations(await demoSigner(62));
    await node.setBalance({ address: wrapped.address, value: parseEther('1') });
    const { txs, store } = recordingService();

    for (const undo of [false, true]) {
      const review = await prepareUpgrade(network, wrapped, store, undo);
      expect(signed).toHaveLength(undo ? 1 : 0);
      const record = await confirmUpgrade(txs, { network, account: wrapped, ...review });
      expect(signed.at(-1)).toBe(review.nonce + 1);
      const [change] = await txs.track(network);
      expect(change?.record).toMatchObject({ id: record.id, status: 'confirmed' });
      expect(await readSmartAccountState(chainClient(network), wrapped.address)).toEqual(
        undo ? { kind: 'plain' } : { kind: 'upgraded', delegate: DELEGATION_CONTRACTS.delegator },
      );
    }
  });

  it('undoes a delegation to a contract that refuses plain calls, and refuses an upgrade to one, signing nothing first', async () => {
    const network = testNetwork(url);
    const { USDC } = demoContractAddresses();
    const { txs, store } = recordingService();
    // An account delegated elsewhere, to a token (no receive function: a plain call to it reverts).
    const delegated = countingAuthorizations(await demoSigner(63));
    await node.setBalance({ address: delegated.wrapped.address, value: parseEther('1') });
    await node.setCode({ address: delegated.wrapped.address, bytecode: `0xef0100${USDC.slice(2)}` });
    const undo = await prepareUpgrade(network, delegated.wrapped, store, true);
    expect(delegated.signed).toEqual([]);
    const record = await confirmUpgrade(txs, { network, account: delegated.wrapped, ...undo });
    const [change] = await txs.track(network);
    expect(change?.record).toMatchObject({ id: record.id, status: 'confirmed', kind: 'account-undo' });
    expect(await readSmartAccountState(chainClient(network), delegated.wrapped.address)).toEqual({ kind: 'plain' });

    // The same token as "another delegate": the upgrade would revert, so it is refused at preparing.
    const plain = countingAuthorizations(await demoSigner(64));
    await node.setBalance({ address: plain.wrapped.address, value: parseEther('1') });
    await expect(
      prepareUpgrade(network, plain.wrapped, store, false, { address: USDC, otherAllowed: true }),
    ).rejects.toMatchObject({ code: 'CHAIN_REVERTED' });
    expect(plain.signed).toEqual([]);
  });
});
