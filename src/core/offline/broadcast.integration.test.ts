// Offline signing and raw broadcast against the real local node: fields prepared online, carried
// as a file, signed with no network, decoded, checked for the network and broadcast.
import { formatGwei, type Hex, hexToBytes, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { getBalance, getBlock, getTransactionCount, waitForTransactionReceipt } from 'viem/actions';
import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { testNode } from '../../testing/txFixtures';
import { vaultAccount } from '../../testing/vaultAccount';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
import { renderMessage } from '../i18n/message';
import { broadcastRaw, broadcastToNetwork } from '../tx/broadcastRaw';
import { checkForNetwork } from './networkCheck';
import { decodeRawTransaction } from './rawTx';
import { signOffline } from './signOffline';
import { parseUnsignedFile, serializeUnsignedFile } from './unsignedFile';
import { buildUnsignedTx, type UnsignedTxDraft } from './unsignedTx';

const url = localChainUrl();
const network = localNetwork(url);
const client = chainClient(network);
const node = testNode(url);

/** A fresh account with 1 ETH, signing through Cairn's vault account (key read per signature). */
async function fundedSigner() {
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  await node.setBalance({ address, value: parseEther('1') });
  return vaultAccount(address, async () => hexToBytes(key));
}

/** What the online, watch-only side knows: the nonce and a max fee well above the base fee. */
async function onlineDraft(from: `0x${string}`, to: string, value: string): Promise<UnsignedTxDraft> {
  const [nonce, block] = await Promise.all([
    getTransactionCount(client, { address: from, blockTag: 'pending' }),
    getBlock(client),
  ]);
  return {
    type: 'eip1559',
    chainId: String(network.chainId),
    nonce: String(nonce),
    to,
    value,
    gasLimit: '21000',
    maxFeePerGas: formatGwei((block.baseFeePerGas ?? 0n) * 2n + 2_000_000_000n),
    maxPriorityFeePerGas: '1',
  };
}

async function signedTransfer(value = '0.01') {
  const account = await fundedSigner();
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const built = buildUnsignedTx(await onlineDraft(account.address, recipient, value));
  if (!built.ok) throw new Error(JSON.stringify(built.errors));
  return { account, recipient, tx: built.tx, signed: await signOffline(account, built.tx) };
}

describe('offline signing and raw broadcast on the local node', () => {
  it('carries the fields as a file, signs offline, decodes, checks the network, broadcasts and is mined', async () => {
    const account = await fundedSigner();
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const built = buildUnsignedTx(await onlineDraft(account.address, recipient, '0.25'));
    if (!built.ok) throw new Error(JSON.stringify(built.errors));

    const file = serializeUnsignedFile(built.tx, { from: account.address });
    const imported = parseUnsignedFile(file);
    expect(imported.from).toBe(account.address);
    const signed = await signOffline(account, imported.tx);

    const decoded = decodeRawTransaction(signed.raw);
    expect(decoded.from).toBe(account.address);
    expect(decoded.to).toBe(recipient);
    expect(decoded.value).toBe(parseEther('0.25'));
    expect(checkForNetwork(decoded, network.chainId, network.name)).toEqual({ ok: true, warnings: [] });

    const sent = await broadcastRaw(client, decoded.raw, url);
    expect(sent).toEqual({ kind: 'sent', hash: signed.hash });
    const receipt = await waitForTransactionReceipt(client, { hash: sent.hash, pollingInterval: 50 });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(account.address.toLowerCase());
    expect(await getBalance(client, { address: recipient })).toBe(parseEther('0.25'));
  });

  it('sends a legacy transaction signed offline', async () => {
    const account = await fundedSigner();
    const draft = await onlineDraft(account.address, account.address, '0');
    const built = buildUnsignedTx({ ...draft, type: 'legacy', gasPrice: draft.maxFeePerGas });
    if (!built.ok) throw new Error(JSON.stringify(built.errors));
    const signed = await signOffline(account, built.tx);
    expect(decodeRawTransaction(signed.raw)).toMatchObject({ type: 'legacy', chainId: BigInt(network.chainId) });
    const { kind, hash } = await broadcastRaw(client, signed.raw);
    expect(kind).toBe('sent');
    expect((await waitForTransactionReceipt(client, { hash, pollingInterval: 50 })).status).toBe('success');
  });

  it('treats sending the same mined bytes again as success (the node says "nonce too low" but has them)', async () => {
    const { signed } = await signedTransfer();
    await broadcastRaw(client, signed.raw);
    await waitForTransactionReceipt(client, { hash: signed.hash, pollingInterval: 50 });
    expect(await broadcastRaw(client, signed.raw)).toEqual({ kind: 'already-known', hash: signed.hash });
  });

  it('maps node refusals to typed errors: nonce too low, insufficient funds', async () => {
    const { account, recipient, tx } = await signedTransfer();
    const first = await signOffline(account, tx);
    await broadcastRaw(client, first.raw);
    await waitForTransactionReceipt(client, { hash: first.hash, pollingInterval: 50 });
    const other = await signOffline(account, { ...tx, value: tx.value + 1n });
    expect(await broadcastRaw(client, other.raw, url)).toMatchObject({
      kind: 'failed',
      error: {
        name: 'ChainError',
        code: 'CHAIN_NONCE_TOO_LOW',
        rpcUrl: url,
        details: expect.stringMatching(/nonce too low/i),
      },
    });

    const key = generatePrivateKey();
    const empty = vaultAccount(privateKeyToAccount(key).address, async () => hexToBytes(key));
    const poor = await signOffline(empty, { ...tx, nonce: 0, to: recipient });
    expect(await broadcastRaw(client, poor.raw)).toMatchObject({
      kind: 'refused',
      error: {
        code: 'CHAIN_INSUFFICIENT_FUNDS',
        shortMessage: 'The sending account does not have enough funds for the amount plus the maximum network fee.',
      },
    });
  });

  it('refuses a transaction signed for another chain before sending, and the node refuses it too', async () => {
    const account = await fundedSigner();
    const draft = await onlineDraft(account.address, account.address, '0');
    const built = buildUnsignedTx({ ...draft, chainId: '1' });
    if (!built.ok) throw new Error(JSON.stringify(built.errors));
    const signed = await signOffline(account, built.tx);
    const check = checkForNetwork(decodeRawTransaction(signed.raw), network.chainId, network.name);
    if (check.ok) throw new Error('a transaction for another chain passed the check');
    expect(check.warnings).toEqual([]);
    expect(renderMessage(check.refusal)).toBe(
      `This transaction is signed for chain id 1, but the selected network (Local chain) is chain id ${network.chainId}. It can only be sent to the network it was signed for.`,
    );
    expect(await broadcastRaw(client, signed.raw as Hex)).toMatchObject({
      kind: 'refused',
      error: {
        code: 'CHAIN_TX_CHAIN_ID',
        shortMessage:
          'The node refused the transaction for its chain id: it was signed for another network, or without replay protection the node does not accept.',
        details: expect.stringMatching(/invalid chainId/),
      },
    });
  });

  it('sends to a network only when its node serves that network’s chain', async () => {
    const { signed } = await signedTransfer();
    const elsewhere = { ...network, chainId: 1 };
    expect(await broadcastToNetwork(elsewhere, signed.raw)).toMatchObject({
      kind: 'failed',
      hash: signed.hash,
      error: { code: 'CHAIN_WRONG_CHAIN', expectedChainId: 1, actualChainId: network.chainId },
    });
    expect(await getTransactionCount(client, { address: signed.from, blockTag: 'pending' })).toBe(0);
    expect(await broadcastToNetwork(network, signed.raw)).toEqual({ kind: 'sent', hash: signed.hash });
  });
});
