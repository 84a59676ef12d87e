import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { startChain } from '../../../devchain/chain.ts';
import { findFreePort } from '../../../scripts/serve/ports.ts';
import { WrongChainError } from '../errors/chain';
import { parseNetworkDraft, verifyNetwork } from './networkDraft';

const url = localChainUrl();
const custom = (rpcUrls: string, chainId: string, wsUrl = '') => {
  const parsed = parseNetworkDraft(
    { name: 'Test', rpcUrls, wsUrl, chainId, symbol: 'ETH', explorerUrl: '' },
    undefined,
    () => crypto.randomUUID(),
  );
  if (!parsed.network) throw new Error('draft refused');
  return parsed.network;
};

describe('checking a network before saving it', () => {
  it('accepts RPC URLs that answer with the network’s chain id, and reads its fee family from the node', async () => {
    const draft = custom(url, '31337');
    expect(draft.feeFamily).toEqual({ kind: 'unknown' });
    const checked = await verifyNetwork(draft);
    expect(checked).toMatchObject({ id: draft.id, chainId: 31337, rpcUrls: [url] });
    // The local node answers every probe (Hardhat refuses zks_L1ChainId): plain L1 fees, never
    // "unknown". (The OP Stack family is read from a real OP node in prepare.op.integration.test.ts.)
    expect(checked.feeFamily).toEqual({ kind: 'l1' });
  });

  it('refuses a chain id mismatch, naming both ids and the URL', async () => {
    const error = await verifyNetwork(custom(url, '1')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongChainError);
    expect(error).toMatchObject({ expectedChainId: 1, actualChainId: 31337, rpcUrl: url });
  });

  it('refuses an unreachable URL among good ones, naming it', async () => {
    const dead = `http://127.0.0.1:${await findFreePort()}`;
    await expect(verifyNetwork(custom(`${url}\n${dead}`, '31337'))).rejects.toMatchObject({
      code: 'CHAIN_UNREACHABLE',
      rpcUrl: dead,
    });
  });

  it('checks the WebSocket URL too: its chain id and that it takes a newHeads subscription', async () => {
    const socket = url.replace(/^http/, 'ws');
    await expect(verifyNetwork(custom(url, '31337', socket))).resolves.toMatchObject({ wsUrl: socket });
    const dead = `ws://127.0.0.1:${await findFreePort()}`;
    await expect(verifyNetwork(custom(url, '31337', dead))).rejects.toMatchObject({
      code: 'CHAIN_UNREACHABLE',
      rpcUrl: dead,
    });
    // Its own chain id is asked: a WebSocket of another chain's node is refused.
    const other = await startChain({ port: await findFreePort(), chainId: 31338 });
    try {
      const wrong = other.url.replace(/^http/, 'ws');
      await expect(verifyNetwork(custom(url, '31337', wrong))).rejects.toMatchObject({
        code: 'CHAIN_WRONG_CHAIN',
        actualChainId: 31338,
        rpcUrl: wrong,
      });
    } finally {
      await other.stop();
    }
  });
});
