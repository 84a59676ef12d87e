import {
  type Address,
  decodeFunctionData,
  erc20Abi,
  formatEther,
  formatUnits,
  type Hex,
  isAddressEqual,
  parseAbi,
  parseEther,
  parseEventLogs,
  toFunctionSelector,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { LOCAL_TOKEN_LIST } from '../src/core/assets/localChainAssets.ts';
import { Activity, NftGallery, TransactionPage } from './pages/Activity.ts';
import { Send } from './pages/Send.ts';
import { type ChainHistory, nftsOwnedBy, readChainHistory } from './support/chainHistory.ts';
import { csvObjects } from './support/csv.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { nodeClient } from './support/rpc.ts';

const tokens = demoContractAddresses();
/** Demo account 1, the account the demo wallet opens on. */
const me = demoAddress(0);
/** The local chain's bundled token list: a token outside it that arrives unasked is possible spam. */
const listedTokens: readonly Address[] = LOCAL_TOKEN_LIST.tokens.map((t) => t.address as Address);
const ownerOfAbi = parseAbi(['function ownerOf(uint256 tokenId) view returns (address)']);

/**
 * The transactions the list should hide by default: ones that brought the account a token it never
 * asked for, which it did not send itself.
 */
function possibleSpam(chain: ChainHistory): Set<Hex> {
  const sentByMe = new Set(chain.txs.filter((t) => isAddressEqual(t.from, me)).map((t) => t.hash));
  return new Set(
    chain.transfers
      .filter(
        (t) =>
          t.kind === 'erc20' &&
          isAddressEqual(t.to, me) &&
          !listedTokens.some((a) => isAddressEqual(a, t.token)) &&
          !sentByMe.has(t.hash),
      )
      .map((t) => t.hash),
  );
}

/** What the count line should say: every transaction involving the account, possible spam hidden. */
function expectedCounts(chain: ChainHistory): { shown: number; total: number } {
  const total = new Set(chain.txs.map((t) => t.hash)).size;
  return { shown: total - possibleSpam(chain).size, total };
}

describe('history, transaction pages and NFTs', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  /** A fresh profile with the demo wallet, on Activity, its history synced to the node's head. */
  async function openActivity() {
    const opened = await demoWalletPage(env, { landOn: 'activity' });
    const activity = new Activity(opened.page);
    await activity.open();
    const chain = await readChainHistory(env.chain.url, me);
    await activity.waitSyncedTo(chain.head);
    return { ...opened, activity, chain };
  }

  function seedManifest() {
    if (!env.manifest) throw new Error('the chain was not seeded');
    return env.manifest;
  }

  it('lists every seeded transaction of Demo account 1, with a count matching the chain, and hides possible spam until asked', async () => {
    const { activity, chain, consoleErrors } = await openActivity();
    const involved = new Set(chain.txs.map((t) => t.hash));
    const seeded = seedManifest().history.filter((hash) => involved.has(hash));
    const spam = possibleSpam(chain);
    // The seed gives the account history of every kind: among it ETH received from other accounts
    // and the unasked CLAIM airdrop.
    const nativeIn = chain.txs.filter(
      (t) => t.to !== null && isAddressEqual(t.to, me) && !isAddressEqual(t.from, me) && t.value > 0n,
    );
    expect(nativeIn.length).toBeGreaterThan(0);
    const airdrop = chain.transfers.find((t) => isAddressEqual(t.token, tokens.SPAM));
    expect(airdrop && spam.has(airdrop.hash)).toBe(true);

    await expect.poll(() => activity.counts()).toEqual(expectedCounts(chain));
    expect(await activity.hiddenCount()).toBe(spam.size);

    for (const hash of seeded) {
      await activity.searchFor(hash);
      if (spam.has(hash)) {
        await expect.poll(() => activity.counts()).toEqual({ shown: 0, total: involved.size });
      } else {
        await expect.poll(() => activity.shownHashes()).toEqual([hash]);
      }
    }
    // A native receipt shows as received, with its exact amount.
    for (const tx of nativeIn) {
      await activity.searchFor(tx.hash);
      await expect.poll(() => activity.shownHashes()).toEqual([tx.hash]);
      const text = (await activity.rows.first().textContent()) ?? '';
      expect(text).toMatch(/^Received from /);
      expect(text).toContain(`+${formatEther(tx.value)} ETH`);
    }

    await activity.searchFor('');
    await activity.spamToggle.check();
    await expect.poll(() => activity.counts()).toEqual({ shown: involved.size, total: involved.size });
    expect(await activity.hiddenCount()).toBe(0);
    for (const hash of spam) {
      await activity.searchFor(hash);
      await expect.poll(() => activity.shownHashes()).toEqual([hash]);
      expect(await activity.rows.first().textContent()).toContain('possible spam');
    }
    expect(consoleErrors).toEqual([]);
  });

  it('shows a transfer made outside Cairn once its block is mined, without a reload', async () => {
    const { activity } = await openActivity();
    const node = nodeClient(env.chain.url);
    const sender = demoAddress(11);
    const hash = await node.sendTransaction({ account: sender, to: me, value: parseEther('0.123') });
    const receipt = await node.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');

    await activity.searchFor(hash);
    await expect.poll(() => activity.shownHashes(), { timeout: 15_000 }).toEqual([hash]);
    const text = (await activity.rows.first().textContent()) ?? '';
    expect(text).toMatch(/^Received from /);
    expect(text).toContain('+0.123 ETH');
    expect(await activity.syncedTo()).toBeGreaterThanOrEqual(receipt.blockNumber);

    await activity.searchFor('');
    const chain = await readChainHistory(env.chain.url, me);
    expect(chain.txs.map((t) => t.hash)).toContain(hash);
    await expect.poll(() => activity.counts()).toEqual(expectedCounts(chain));
  });

  it('opens a seeded ERC-20 transfer from the header search, its input and Transfer event decoded exactly', async () => {
    const { page } = await demoWalletPage(env);
    const node = nodeClient(env.chain.url);
    // The first seeded DAI payment Demo account 1 made (its DAI approvals come before it).
    let found: { hash: Hex; input: Hex; logs: Awaited<ReturnType<typeof node.getTransactionReceipt>>['logs'] };
    for (const hash of seedManifest().history) {
      const tx = await node.getTransaction({ hash });
      const payment = tx.input.startsWith(toFunctionSelector('transfer(address,uint256)'));
      if (tx.to && isAddressEqual(tx.to, tokens.DAI) && isAddressEqual(tx.from, me) && payment) {
        found = { hash, input: tx.input, logs: (await node.getTransactionReceipt({ hash })).logs };
        break;
      }
    }
    // biome-ignore lint/style/noNonNullAssertion: the seed makes this payment; the test fails plainly if not
    const { hash, input, logs } = found!;
    const call = decodeFunctionData({ abi: erc20Abi, data: input });
    expect(call.functionName).toBe('transfer');
    const [to, value] = call.args as readonly [Address, bigint];
    const [event, ...others] = parseEventLogs({ abi: erc20Abi, logs, eventName: 'Transfer' });
    expect(others).toEqual([]);

    const txPage = new TransactionPage(page);
    await txPage.searchFor(hash);
    await txPage.input.waitFor();
    expect(page.url()).toContain(`#/tx/${hash}`);
    expect(await txPage.input.textContent()).toContain('transfer(address,uint256)');
    expect(await txPage.args(txPage.input)).toEqual([
      { name: 'to', type: 'address', value: to },
      { name: 'value', type: 'uint256', value: value.toString() },
    ]);
    expect(await txPage.events.getByRole('heading').textContent()).toBe('Events (1)');
    const events = await txPage.decodedEvents();
    expect(events.map((e) => e.name)).toEqual(['Transfer']);
    // The emitter is the DAI contract (the page writes log addresses as the node gives them, in lower case).
    expect(events[0]?.text.toLowerCase()).toContain(tokens.DAI.toLowerCase());
    expect(events[0]?.args).toEqual([
      { name: 'from', type: 'address', value: event?.args.from },
      { name: 'to', type: 'address', value: event?.args.to },
      { name: 'value', type: 'uint256', value: event?.args.value.toString() },
    ]);
    expect(event?.args.from).toBe(me);

    // A malformed hash in the address is refused; a well-formed one the node does not have is reported.
    await txPage.goto(env.server.url, '0x1234');
    expect(await txPage.problem.textContent()).toContain('“0x1234” is not a transaction hash');
    const unknown = `0x${'ab'.repeat(32)}`;
    await txPage.goto(env.server.url, unknown);
    await expect
      .poll(() => txPage.problem.textContent({ timeout: 1_000 }).catch(() => ''), { timeout: 10_000 })
      .toContain('has no transaction with this hash');
  });

  it('shows exactly the NFTs Demo account 1 owns and sends one through Send to account 9', async () => {
    const { page } = await demoWalletPage(env);
    const node = nodeClient(env.chain.url);
    const nft = seedManifest().contracts.NFT;
    const ids = Array.from({ length: 10 }, (_, i) => BigInt(i + 1));
    const ownedNow = () => nftsOwnedBy(env.chain.url, nft, me, ids);
    const owned = await ownedNow();
    expect(owned.length).toBeGreaterThan(1);

    const gallery = new NftGallery(page);
    await gallery.open();
    const sorted = (titles: string[]) => [...titles].sort();
    await expect
      .poll(() => gallery.titles().then(sorted), { timeout: 15_000 })
      .toEqual(sorted(owned.map((o) => o.title)));

    const [chosen, ...kept] = owned as [(typeof owned)[number], ...typeof owned];
    const recipient = demoAddress(9);
    await gallery.sendLink(chosen.title).click();
    const send = new Send(page);
    await send.form.waitFor();
    await expect
      .poll(() => send.field('Asset').evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent ?? ''))
      .toMatch(new RegExp(` #${chosen.id}$`));
    await send.fill({ recipient });
    await send.continue();
    await send.review.waitFor({ timeout: 15_000 });
    expect(await send.review.textContent()).toContain(
      `safeTransferFrom(from: ${me}, to: ${recipient}, tokenId: ${chosen.id})`,
    );
    const card = await send.confirm();
    await expect.poll(() => send.statusOf(card), { timeout: 15_000 }).toContain('Confirmed');
    expect(await node.readContract({ address: nft, abi: ownerOfAbi, functionName: 'ownerOf', args: [chosen.id] })).toBe(
      recipient,
    );

    await gallery.open();
    await expect
      .poll(() => gallery.titles().then(sorted), { timeout: 15_000 })
      .toEqual(sorted(kept.map((o) => o.title)));
    expect((await ownedNow()).map((o) => o.id)).toEqual(kept.map((o) => o.id));
  });

  it('exports the DAI history as CSV: one row per movement, hashes and exact amounts as on chain', async () => {
    const { activity, chain } = await openActivity();
    const fees = new Map(chain.txs.filter((t) => isAddressEqual(t.from, me)).map((t) => [t.hash, t.fee]));
    // Newest first, as the list and the export order them.
    const dai = chain.transfers
      .filter((t) => t.kind === 'erc20' && isAddressEqual(t.token, tokens.DAI))
      .sort((a, b) =>
        a.blockNumber === b.blockNumber ? b.logIndex - a.logIndex : a.blockNumber > b.blockNumber ? -1 : 1,
      );
    expect(dai.length).toBeGreaterThan(1);
    const daiTxs = new Set(dai.map((t) => t.hash));

    await activity.filter('Asset', 'DAI');
    await expect.poll(() => activity.counts()).toEqual({ shown: daiTxs.size, total: expectedCounts(chain).total });

    const file = await activity.exportCsv();
    expect(file.name).toMatch(/^cairn-history-.+\.csv$/);
    expect(file.shownInButton).toBe(daiTxs.size);
    const { header, rows } = csvObjects(file.text);
    expect(header).toEqual([
      'date',
      'network',
      'chain_id',
      'hash',
      'direction',
      'counterparty',
      'asset',
      'contract',
      'token_id',
      'amount',
      'fee',
      'status',
    ]);
    expect(rows).toHaveLength(dai.length);
    expect(rows).toEqual(
      dai.map((t) => {
        const incoming = isAddressEqual(t.to, me);
        const fee = fees.get(t.hash);
        return {
          date: new Date(t.timestamp * 1000).toISOString(),
          network: 'Local chain',
          chain_id: '31337',
          hash: t.hash,
          direction: incoming ? 'in' : 'out',
          counterparty: incoming ? t.from : t.to,
          asset: 'DAI',
          contract: tokens.DAI,
          token_id: '',
          amount: formatUnits(t.value, 18),
          fee: fee === undefined ? '' : formatEther(fee),
          status: 'confirmed',
        };
      }),
    );
    // The 1-wei payment keeps all its 18 decimals.
    expect(rows.map((r) => r.amount)).toContain('0.000000000000000001');
  });
});
