// The node error table against the real local node: each answer Hardhat gives to a bad or repeated
// transaction is provoked here and must be read as its row says, through the one broadcast helper.
// This file runs its own chain with automining off, so transactions can wait in the mempool.
import { type Hex, hexToBigInt, keccak256, numberToHex, parseEther, parseGwei, toRlp } from 'viem';
import { generatePrivateKey, privateKeyToAccount, sign } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testNode } from '@/testing/txFixtures';
import { type LocalChain, startChain } from '../../../devchain/chain.ts';
import { findFreePort } from '../../../scripts/serve/ports.ts';
import type { ChainErrorCode } from '../errors/chain';
import { type BroadcastOutcome, broadcastRaw } from '../tx/broadcastRaw';
import { chainClient } from './client';
import { localNetwork } from './networks';
import { nodeErrorRow } from './nodeErrors';

let chain: LocalChain;
let node: ReturnType<typeof testNode>;
let client: ReturnType<typeof chainClient>;
beforeAll(async () => {
  chain = await startChain({ port: await findFreePort() });
  node = testNode(chain.url);
  client = chainClient(localNetwork(chain.url));
  await node.setAutomine(false);
});
afterAll(async () => {
  await chain?.stop();
});

const CHAIN_ID = 31337;
const fees = { maxFeePerGas: parseGwei('5'), maxPriorityFeePerGas: parseGwei('1') };

/** A fresh account holding `balance`. */
async function funded(balance = parseEther('1')) {
  const key = generatePrivateKey();
  const account = privateKeyToAccount(key);
  if (balance > 0n) await node.setBalance({ address: account.address, value: balance });
  return { key, account };
}

async function transfer(
  account: ReturnType<typeof privateKeyToAccount>,
  fields: { nonce?: number; value?: bigint; gas?: bigint; chainId?: number; maxFeePerGas?: bigint; data?: Hex } = {},
) {
  return account.signTransaction({
    type: 'eip1559',
    chainId: fields.chainId ?? CHAIN_ID,
    nonce: fields.nonce ?? 0,
    to: account.address,
    value: fields.value ?? 1n,
    gas: fields.gas ?? 21_000n,
    ...fees,
    ...(fields.maxFeePerGas === undefined ? {} : { maxFeePerGas: fields.maxFeePerGas, maxPriorityFeePerGas: 1n }),
    data: fields.data,
  });
}

/** What the one broadcast helper makes of the node's answer to `raw`. */
function send(raw: Hex): Promise<BroadcastOutcome> {
  return broadcastRaw(client, raw, chain.url);
}

/** Runs `check` with the node mining each transaction at once, as most tests' shared chain does. */
async function automining(check: () => Promise<void>) {
  await node.setAutomine(true);
  try {
    await check();
  } finally {
    await node.setAutomine(false);
  }
}

/** The outcome a refusal of this row must have, with the node's words kept in the details. */
function refusal(code: ChainErrorCode, words: RegExp) {
  const row = nodeErrorRow(code);
  return {
    kind: row?.permanent ? 'refused' : 'failed',
    error: { code, text: row?.sentence, rpcUrl: chain.url, details: expect.stringMatching(words) },
  };
}

describe('Hardhat’s answers, read by the node error table', () => {
  it('already known: the same bytes sent twice while pending', async () => {
    const { account } = await funded();
    const raw = await transfer(account);
    expect(await send(raw)).toEqual({ kind: 'sent', hash: keccak256(raw) });
    expect(await send(raw)).toEqual({ kind: 'already-known', hash: keccak256(raw) });
  });

  it('replacement underpriced: another transaction at a pending nonce without a higher fee', async () => {
    const { account } = await funded();
    await send(await transfer(account));
    expect(await send(await transfer(account, { value: 2n }))).toMatchObject(
      refusal('CHAIN_REPLACEMENT_UNDERPRICED', /Replacement transaction underpriced/),
    );
  });

  it('nonce too low: another transaction at a mined nonce, but not the mined bytes themselves', async () => {
    const { account } = await funded();
    const mined = await transfer(account);
    await send(mined);
    await node.mine({ blocks: 1 });
    expect(await send(await transfer(account, { value: 3n }))).toMatchObject(
      refusal('CHAIN_NONCE_TOO_LOW', /nonce too low/i),
    );
    expect(await send(mined)).toEqual({ kind: 'already-known', hash: keccak256(mined) });
  });

  it('nonce too high: a nonce past the next one, which an automining node cannot queue', async () => {
    const { account } = await funded();
    await automining(async () =>
      expect(await send(await transfer(account, { nonce: 5 }))).toMatchObject(
        refusal('CHAIN_NONCE_TOO_HIGH', /Nonce too high/),
      ),
    );
  });

  it('insufficient funds, permanently', async () => {
    const { account } = await funded(0n);
    expect(await send(await transfer(account))).toMatchObject(
      refusal('CHAIN_INSUFFICIENT_FUNDS', /doesn't have enough funds/),
    );
  });

  it('intrinsic gas too low, and a gas limit above the node’s cap', async () => {
    const { account } = await funded();
    expect(await send(await transfer(account, { gas: 100n }))).toMatchObject(
      refusal('CHAIN_INTRINSIC_GAS', /requires at least 21000 gas/),
    );
    expect(await send(await transfer(account, { gas: 100_000_000n }))).toMatchObject(
      refusal('CHAIN_GAS_LIMIT_OR_FEE_CAP', /exceeds transaction gas cap/),
    );
  });

  it('a maximum fee below the next block’s base fee, which an automining node cannot queue', async () => {
    const { account } = await funded();
    await automining(async () =>
      expect(await send(await transfer(account, { maxFeePerGas: 1n }))).toMatchObject(
        refusal('CHAIN_FEE_TOO_LOW', /too low for the next block/),
      ),
    );
  });

  it('a priority fee above the maximum fee (signed without viem’s own check)', async () => {
    const { key, account } = await funded();
    const quantity = (value: bigint) => (value === 0n ? '0x' : numberToHex(value));
    const fields = [
      quantity(BigInt(CHAIN_ID)),
      quantity(0n),
      quantity(parseGwei('3')),
      quantity(parseGwei('2')),
      quantity(21_000n),
      account.address,
      quantity(1n),
      '0x',
      [],
    ] as const;
    const unsigned = `0x02${toRlp(fields as never).slice(2)}` as Hex;
    const { r, s, yParity } = await sign({ hash: keccak256(unsigned), privateKey: key });
    const signature = [quantity(BigInt(yParity ?? 0)), quantity(hexToBigInt(r)), quantity(hexToBigInt(s))];
    const raw = `0x02${toRlp([...fields, ...signature] as never).slice(2)}` as Hex;
    expect(await send(raw)).toMatchObject(refusal('CHAIN_TIP_ABOVE_MAX_FEE', /is bigger than maxFeePerGas/));
  });

  it('a transaction signed for another chain', async () => {
    const { account } = await funded();
    expect(await send(await transfer(account, { chainId: 1 }))).toMatchObject(
      refusal('CHAIN_TX_CHAIN_ID', /invalid chainId/),
    );
  });

  it('a transaction type the node does not know', async () => {
    expect(await send('0x05f86a')).toMatchObject(refusal('CHAIN_TX_TYPE_UNSUPPORTED', /Invalid transaction type/));
  });

  it('init code above the EIP-3860 limit', async () => {
    const { account } = await funded(parseEther('100'));
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId: CHAIN_ID,
      nonce: 0,
      gas: 16_000_000n,
      ...fees,
      data: `0x${'01'.repeat(50_000)}`,
    });
    expect(await send(raw)).toMatchObject(refusal('CHAIN_OVERSIZED_DATA', /init code length/));
  });
});
