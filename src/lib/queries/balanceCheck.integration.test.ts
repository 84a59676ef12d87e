// The portfolio's balance check, run by its queries alone, with no screen mounted: a lying proxy
// listed first (Walletbeat's test: balanceOf multiplied by a million) raises the network's alarm
// from the check itself, naming each contradicted token with the source that said it, and the one
// gate then holds sending; the same node honest at a later block ends it.
import { QueryClient } from '@tanstack/react-query';
import type { Address } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { localNetwork } from '@/core/chain/networks';
import { sendingGate } from '@/core/verify/sendingGate';
import type { NetworkVerification } from '@/core/verify/verificationSetting';
import { createVerifier } from '@/core/verify/verifier';
import { localChainUrl } from '@/testing/localChainUrl';
import { proofsProxy, sealPendingWrites } from '@/testing/settledChain';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { portfolioQuery } from './portfolioQueries';
import { balanceCheckQuery } from './verifyQueries';

const url = localChainUrl();
const proxy = proofsProxy(url);
const { DAI } = demoContractAddresses();
const tokens = [{ address: DAI as Address, symbol: 'DAI', decimals: 18 }];
const request = { accounts: [demoAddress(0)], tokens: [DAI as Address], feeds: [] };
const verification: NetworkVerification = { mode: 'balances', trust: { kind: 'agreement' } };
const verifier = createVerifier();
let counter = 0;
const networks: ReturnType<typeof localNetwork>[] = [];

/** The portfolio read and checked as Home's queries do it, with nothing rendered. */
async function readAndCheck(network: ReturnType<typeof localNetwork>) {
  const cache = new QueryClient();
  const snapshot = await cache.fetchQuery(portfolioQuery(network, request, verifier));
  return cache.fetchQuery(balanceCheckQuery(verifier, network, snapshot, request, verification, tokens));
}

describe('a balance check run by its query alone', () => {
  afterEach(() => {
    for (const network of networks.splice(0)) verifier.clear(network);
  });

  it('raises the alarm on a lie with no screen mounted, holds sending, and a clean check ends it', async () => {
    const network = { ...localNetwork([proxy.url, url]), id: `balance-check-${counter++}` };
    networks.push(network);
    proxy.setFault({ kind: 'lie', lie: 'balanceOf' });
    const lying = await readAndCheck(network);
    expect(lying.header).toBeDefined();
    expect(verifier.alarm(network)).toMatchObject({
      acknowledged: false,
      contradictions: [
        { account: demoAddress(0).toLowerCase(), asset: DAI.toLowerCase(), symbol: 'DAI', source: proxy.url },
      ],
    });
    expect(() => sendingGate(network)).toThrow(expect.objectContaining({ code: 'VERIFY_SENDING_HELD' }));
    expect(verifier.lastCheckCost(network)?.requests).toBeGreaterThan(0);

    proxy.setFault({ kind: 'none' });
    await sealPendingWrites(url);
    const honest = await readAndCheck(network);
    expect(honest.problems).toEqual([]);
    expect(verifier.alarm(network)).toBeUndefined();
  });
});
