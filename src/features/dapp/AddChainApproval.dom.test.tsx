// A site's wallet_addEthereumChain in Cairn's window, rendered in a document over a whole test
// wallet: a new network is added only once its RPC URL answers its chain id, and never once the
// site is gone while that check runs; a chain the person already has is offered as theirs.
import type { Address } from 'viem';
import { beforeEach, describe, expect, it } from 'vitest';
import { siteFor } from '@/core/dapp/sites';
import { fakeSimulationNode } from '@/testing/fakeSimulationNode';
import { alerts, approveAsleep, button, click, heading, shows, statuses } from '@/testing/inDocument';
import { siteWindowTests } from '@/testing/siteWindowTests';
import { TEST_SITE } from '@/testing/testSiteWindow';
import { TEST_ADDRESS_0 } from '@/testing/vaultFixtures';
import { approvalQueueView, poll } from './testing';

const ME = TEST_ADDRESS_0 as Address;
const CHAIN_ID = 777_777;
const EXAMPLE_CHAIN = {
  chainId: `0x${CHAIN_ID.toString(16)}`,
  chainName: 'Example Chain',
  nativeCurrency: { name: 'Example', symbol: 'EXM', decimals: 18 },
  rpcUrls: ['https://rpc.example-chain.test'],
  blockExplorerUrls: [],
};

/** The chain id the site's RPC URL answers; while set, what its answer waits for; how many it gave. */
const rpc = { chainId: CHAIN_ID, held: undefined as Promise<void> | undefined, answered: 0 };
beforeEach(() => {
  rpc.chainId = CHAIN_ID;
  rpc.held = undefined;
  rpc.answered = 0;
});
const t = siteWindowTests(approvalQueueView, {
  // The RPC URL the site gives, as the check of its chain id reaches it.
  fetch: () => async (url, init) => {
    await rpc.held;
    const node = fakeSimulationNode(() => new Error('not asked in these tests'), { chainId: rpc.chainId });
    const response = await node.fetch(url, init);
    rpc.answered += 1;
    return response;
  },
});

/** Opens Cairn's window for the site and asks it to add `chain`; resolves once approve is awake. */
async function addAsked(chain: object = EXAMPLE_CHAIN) {
  const site = t.open([ME]);
  const id = site.send('wallet_addEthereumChain', [chain]);
  await expect.poll(approveAsleep, poll).toBe(false);
  return { site, id };
}

const saved = () => t.wallet.store.getState().networks.find((n) => n.chainId === CHAIN_ID);
const siteNetwork = () => siteFor(t.wallet.store.getState().dappSites, TEST_SITE);

describe('a site’s network to add in Cairn’s window', { timeout: 30_000 }, () => {
  it('shows the network as the site describes it, checks its RPC URL, then adds it for the site', async () => {
    const { site, id } = await addAsked();
    expect(heading()).toBe('Add this network?');
    expect(shows('https://rpc.example-chain.test')).toBe(true);
    click('Check and add');
    await expect.poll(() => site.answer(id), poll).toMatchObject({ result: null });
    expect(saved()).toMatchObject({ name: 'Example Chain', rpcUrls: ['https://rpc.example-chain.test'] });
    expect(siteNetwork()?.networkIds).toContain(saved()?.id);
  });

  it('adds nothing when the RPC URL answers another chain id, and lets the person decline', async () => {
    rpc.chainId = 1;
    const { site, id } = await addAsked();
    click('Check and add');
    await expect.poll(alerts, poll).toContain('Nothing was added.');
    expect(site.answer(id)).toBeUndefined();
    expect(saved()).toBeUndefined();
    click('Decline');
    await expect.poll(() => site.answer(id), poll).toMatchObject({ error: { code: 4001 } });
  });

  it('adds nothing when the site is disconnected while its RPC URL is being checked', async () => {
    const { site, id } = await addAsked();
    let answer!: () => void;
    rpc.held = new Promise((resolve) => {
      answer = resolve;
    });
    click('Check and add');
    await expect.poll(() => button('Checking its RPC URLs…'), poll).toBeDefined();

    // The person disconnects the site in Cairn's own window; then the RPC URL answers.
    t.wallet.store.getState().updateSite(TEST_SITE, () => undefined);
    await expect.poll(() => site.answer(id), poll).toMatchObject({ error: { code: 4100 } });
    answer();
    // Its chain id, then its fee family (one batch).
    await expect.poll(() => rpc.answered, poll).toBe(2);
    // The check ends a few steps after the answers: nothing is saved then either.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saved()).toBeUndefined();
    expect(statuses()).toBe('Waiting for the site’s request…');
    expect(site.answers(id)).toBe(1);
  });

  it('offers the person’s own network for a chain id they already have, and moves the site to it', async () => {
    const { site, id } = await addAsked({ ...EXAMPLE_CHAIN, chainId: '0x1', chainName: 'Totally Ethereum' });
    expect(heading()).toBe('Use this network on this site?');
    const before = t.wallet.store.getState().networks.length;
    click('Use Ethereum');
    await expect.poll(() => site.answer(id), poll).toMatchObject({ result: null });
    expect(siteNetwork()?.networkId).toBe('ethereum');
    expect(t.wallet.store.getState().networks).toHaveLength(before);
  });
});
