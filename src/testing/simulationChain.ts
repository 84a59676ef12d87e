// Shared setup of the simulation integration tests on the local node: give a demo account its
// coin, tokens and NFTs by writing state (sending them from a seeded account would take a nonce
// another test file may be using at the same moment), preview a transaction and then mine it from
// the account's key, and hold the preview against the mined block.
import {
  type Address,
  createPublicClient,
  createTestClient,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  keccak256,
  pad,
  parseAbi,
  type TransactionReceipt,
  toHex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { expect } from 'vitest';
import { mappingSlot } from '../../devchain/scenarios.ts';
import { chainClient } from '../core/chain/client';
import { DEMO_MNEMONIC } from '../core/chain/localChain';
import { localNetwork } from '../core/chain/networks';
import { sameAddress } from '../core/keys/sameAddress';
import { logChanges } from '../core/simulation/changes';
import { createProbeCache } from '../core/simulation/probe';
import { type SimulateOptions, simulateTransaction } from '../core/simulation/simulate';
import type { AssetChange, SimulationResult, UnsignedTransaction } from '../core/simulation/types';

// Storage layout of the devchain's contracts (Solidity assigns mapping slots in declaration order).
/** DemoToken and FeeToken: `balanceOf`. */
const TOKEN_BALANCE_SLOT = 3n;
/** DemoCollection: `ownerOfToken`. */
const NFT_OWNER_SLOT = 2n;
/** DemoCollection: `balances`. */
const NFT_BALANCE_SLOT = 3n;

const word = (value: bigint | Address): Hex => pad(toHex(BigInt(value)), { size: 32 });
const ownerOfAbi = parseAbi(['function ownerOf(uint256 tokenId) view returns (address)']);

/** A preview and the receipt of the same transaction mined; `sendError` is the node's answer to a failing one. */
export type Mined = { result: SimulationResult; receipt: TransactionReceipt; sendError: Error | undefined };

export type MatchOptions = {
  /** The preview's gas equals the receipt's (default true). */
  exactGas?: boolean;
  /**
   * Addresses whose native balance must move as the preview says even where it shows no change
   * (the sender and the called address are always held to it).
   */
  watchNative?: readonly Address[];
};

/**
 * The local node at `url` seen by one test file: `clientId` keeps its chain client (and probe
 * cache) its own, `gas` is the limit of each transaction that does not name one.
 */
export function simulationChain(url: string, { clientId, gas }: { clientId: string; gas: bigint }) {
  const direct = createPublicClient({ chain: hardhat, transport: http(url) });
  const test = createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url) });
  const client = chainClient({ ...localNetwork(url), id: clientId });
  const cache = createProbeCache();

  const giveCoin = (owner: Address, amount: bigint) => test.setBalance({ address: owner, value: amount });

  /** Sets `owner`'s balance of a DemoToken-layout token to `amount`. */
  const giveTokens = (token: Address, owner: Address, amount: bigint) =>
    test.setStorageAt({ address: token, index: mappingSlot(owner, TOKEN_BALANCE_SLOT), value: word(amount) });

  /** Makes `owner` the holder of `ids` of a DemoCollection-layout NFT, and of those alone. */
  async function giveNfts(nft: Address, owner: Address, ids: readonly bigint[]) {
    for (const id of ids) {
      await test.setStorageAt({ address: nft, index: mappingSlot(id, NFT_OWNER_SLOT), value: word(owner) });
    }
    await test.setStorageAt({
      address: nft,
      index: mappingSlot(owner, NFT_BALANCE_SLOT),
      value: word(BigInt(ids.length)),
    });
  }

  /**
   * Previews `tx` from demo account `index` with the nonce and fees it is then sent with from that
   * account's key, and waits for it to be mined.
   */
  async function simulateThenMine(
    index: number,
    tx: Omit<UnsignedTransaction, 'from'>,
    options: Omit<SimulateOptions, 'cache'> = {},
  ): Promise<Mined> {
    const account = mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: index });
    const nonce = await direct.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const fees = await direct.estimateFeesPerGas();
    // Previewed with the fields it is mined with: limit, nonce and fees.
    const unsigned: UnsignedTransaction = { from: account.address, gas, nonce, ...fees, ...tx };
    const result = await simulateTransaction(client, unsigned, { ...options, cache });
    const signed = await account.signTransaction({
      chainId: hardhat.id,
      type: 'eip1559',
      nonce,
      to: tx.to ?? null,
      value: tx.value,
      data: tx.data,
      gas: unsigned.gas,
      ...fees,
    });
    // Hardhat answers a failing transaction with an error, but mines it: the receipt says what happened.
    const sendError = await direct.sendRawTransaction({ serializedTransaction: signed }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    const receipt = await direct.waitForTransactionReceipt({ hash: keccak256(signed) });
    return { result, receipt, sendError };
  }

  /**
   * The mined transaction succeeded as previewed, and every simulated log, approval and change
   * equals what the block shows: the token changes and approvals are those its logs give, each
   * change is what the balances (or owners) read around the block show, the watched addresses'
   * native balances moved only as previewed (the sender's by the fee besides), and the gas is the
   * receipt's. The stateOverride strategy reads balances instead of logs, so its preview has none.
   */
  async function expectMatchesChain(
    { result, receipt }: Pick<Mined, 'result' | 'receipt'>,
    { exactGas = true, watchNative = [] }: MatchOptions = {},
  ) {
    expect(receipt.status).toBe('success');
    expect(result.outcome).toEqual({ ok: true });
    const before = receipt.blockNumber - 1n;
    const after = receipt.blockNumber;
    const raw = receipt.logs.map((log, logIndex) => ({
      address: getAddress(log.address),
      topics: log.topics as Hex[],
      data: log.data,
      logIndex,
    }));
    const mined = logChanges(raw, []);
    expect(result.logs).toEqual(result.strategy === 'stateOverride' ? [] : mined.logs);
    expect(result.approvals).toEqual(mined.approvals);
    const tokens = result.changes.filter((c) => c.kind !== 'native');
    expect(byKey(tokens)).toEqual(byKey(mined.changes.filter((c) => c.kind !== 'native')));
    if (exactGas) expect(result.gasUsed).toBe(receipt.gasUsed);

    const fee = receipt.gasUsed * receipt.effectiveGasPrice;
    const nativeMoved = async (address: Address) => {
      const read = (blockNumber: bigint) => direct.getBalance({ address, blockNumber });
      const paid = sameAddress(address, receipt.from) ? fee : 0n;
      return (await read(after)) - (await read(before)) + paid;
    };
    const natives = result.changes.filter((c) => c.kind === 'native');
    const watched = [receipt.from, ...(receipt.to ? [receipt.to] : []), ...watchNative].map((a) => getAddress(a));
    for (const address of watched) {
      const change = natives.find((c) => sameAddress(c.address, address));
      expect(await nativeMoved(address), `native of ${address}`).toBe(change ? change.in - change.out : 0n);
    }
    for (const change of result.changes) {
      const label = `${change.kind} of ${change.address}`;
      if (change.kind === 'native') {
        expect(await nativeMoved(change.address), label).toBe(change.in - change.out);
      } else if (change.kind === 'erc20') {
        const read = (blockNumber: bigint) =>
          direct.readContract({
            address: change.token,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [change.address],
            blockNumber,
          });
        expect((await read(after)) - (await read(before)), label).toBe(change.in - change.out);
      } else if (change.kind === 'erc721') {
        for (const tokenId of change.received) {
          const owner = await direct.readContract({
            address: change.token,
            abi: ownerOfAbi,
            functionName: 'ownerOf',
            args: [tokenId],
            blockNumber: after,
          });
          expect(owner, label).toBe(change.address);
        }
      }
    }
  }

  return { direct, test, giveCoin, giveTokens, giveNfts, simulateThenMine, expectMatchesChain };
}

const key = (c: AssetChange) => `${c.kind}|${c.address}|${'token' in c ? c.token : ''}|${'id' in c ? c.id : ''}`;
/** Changes in a fixed order, to compare two lists that may list them differently. */
const byKey = (changes: readonly AssetChange[]) => [...changes].sort((a, b) => key(a).localeCompare(key(b)));
