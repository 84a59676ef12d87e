// A site deploys a contract through Cairn: the sample dApp's "Deploy a contract" sends
// eth_sendTransaction with init code and no `to`. Cairn's window reviews it as any transaction,
// saying it creates a contract, the init code's size, and from the preview on the local node the
// address it will be created at and the size of its code; once confirmed, the site reads the
// receipt's contractAddress through the connector, and that contract is on the chain with that
// code; Cairn's history and transaction page say what it created. A creation without init code,
// or with data that is not hex, is refused with -32602. The same holds in a batch: a site's
// wallet_sendCalls [create, poke the new contract] is reviewed with the creation's line, sent with
// consecutive nonces, and wallet_getCallsStatus gives the created contract's address.
import { encodeFunctionData, getContractAddress, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { SAMPLE_DEPLOYABLE_INIT_CODE } from '../examples/dapp/src/deployable.ts';
import { dappSpec } from './support/dappSession.ts';
import { answerOf, askRaw } from './support/rawRequest.ts';
import { nodeClient } from './support/rpc.ts';

const DEMO = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SAMPLE_ABI = parseAbi(['function poke()', 'function pokes() view returns (uint256)']);

describe('a site deploys a contract through Cairn', () => {
  const { env, dappWithCairn, windowFor, approve, connect } = dappSpec();

  it('reviews the creation with where it lands, and the site reads the contractAddress of its receipt', async () => {
    const { context, dapp, wallet } = await dappWithCairn();
    await connect(context, dapp);
    const node = nodeClient(env().chain.url);
    const nonce = await node.getTransactionCount({ address: DEMO });
    const predicted = getContractAddress({ from: DEMO, nonce: BigInt(nonce) });

    const popup = await windowFor(context, dapp, 'Deploy a contract');
    expect(await popup.getByRole('heading', { level: 1 }).textContent()).toBe('Create this contract?');
    /** What the review's list of facts says for `term`. */
    const fact = (term: string) =>
      popup
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${term}$`) })
        .locator('xpath=following-sibling::dd[1]');
    await popup.getByText('Creates a contract', { exact: true }).waitFor();
    expect(await fact('Init code').textContent()).toBe(`${(SAMPLE_DEPLOYABLE_INIT_CODE.length - 2) / 2} bytes`);
    await popup.getByText(/^\d+ bytes, as the simulation shows$/).waitFor({ timeout: 30_000 });
    expect(await fact('Created at').textContent()).toContain(predicted);
    const codeSize = Number((await fact('Contract code').textContent())?.split(' ')[0]);

    // Params that are really invalid are still refused, while the creation waits in the window.
    await askRaw(dapp, 'noCode', 'eth_sendTransaction', [{ from: DEMO }]);
    expect(await answerOf(dapp, 'noCode')).toBe(
      'Error -32602: The transaction has no to address and no data: name a to address, or give init code to create a contract.',
    );
    await askRaw(dapp, 'notHex', 'eth_sendTransaction', [{ from: DEMO, data: '0x60zz' }]);
    expect(await answerOf(dapp, 'notHex')).toBe('Error -32602: The transaction.data must be hex bytes (0x…).');

    await approve(popup, 'Confirm and send');
    expect(await dapp.result('Deploy contract result')).toMatch(/^0x[0-9a-f]{64}$/);
    const created = await dapp.result('Deployed contract address', 60_000);
    expect(created.toLowerCase()).toBe(predicted.toLowerCase());
    const code = await node.getCode({ address: predicted });
    expect(((code?.length ?? 2) - 2) / 2).toBe(codeSize);
    // Cairn's history shows it as a contract creation, and its page the contract it created.
    await wallet.goto(`${env().server.url}#/activity`);
    const entry = wallet.getByRole('main').getByRole('link').filter({ hasText: 'Contract creation' }).first();
    await entry.click();
    const main = wallet.getByRole('main');
    await main.getByText('Contract creation:', { exact: false }).first().waitFor();
    await expect.poll(async () => (await main.textContent())?.toLowerCase()).toContain(predicted.toLowerCase());
  });

  it('creates a contract in a batch of calls, and the site reads its address in wallet_getCallsStatus', async () => {
    const { context, dapp } = await dappWithCairn();
    await connect(context, dapp);
    const node = nodeClient(env().chain.url);
    const nonce = await node.getTransactionCount({ address: DEMO });
    const predicted = getContractAddress({ from: DEMO, nonce: BigInt(nonce) });
    const poke = encodeFunctionData({ abi: SAMPLE_ABI, functionName: 'poke' });
    const calls = [{ data: SAMPLE_DEPLOYABLE_INIT_CODE }, { to: predicted, data: poke }];

    const opened = context.waitForEvent('page');
    await askRaw(dapp, 'batch', 'wallet_sendCalls', [{ version: '2.0.0', from: DEMO, calls }]);
    const popup = await opened;
    await popup.getByRole('heading', { level: 1, name: 'Send these 2 calls?' }).waitFor();
    const list = popup.getByRole('list', { name: 'Calls, in the order they are sent' });
    const creation = list.getByRole('listitem').first();
    /** What the creation's line says for `term`. */
    const fact = (term: string) =>
      creation
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${term}$`) })
        .locator('xpath=following-sibling::dd[1]');
    await creation.getByText('Creates a contract', { exact: true }).waitFor();
    expect(await fact('Init code').textContent()).toBe(`${(SAMPLE_DEPLOYABLE_INIT_CODE.length - 2) / 2} bytes`);
    await creation.getByText(/^\d+ bytes, as the simulation shows$/).waitFor({ timeout: 30_000 });
    expect(await fact('Created at').textContent()).toContain(predicted);
    const codeSize = Number((await fact('Contract code').textContent())?.split(' ')[0]);
    expect(await list.getByRole('listitem').nth(1).textContent()).toContain(predicted);

    await approve(popup, 'Confirm and send all 2', 60_000);
    const sent = (await answerOf(dapp, 'batch')) ?? '';
    expect(sent).toMatch(/^ok \{"id":"0x[0-9a-f]{64}"\}$/);
    const { id } = JSON.parse(sent.slice(3)) as { id: string };
    await askRaw(dapp, 'callsStatus', 'wallet_getCallsStatus', [id]);
    const status = JSON.parse(((await answerOf(dapp, 'callsStatus')) ?? '').slice(3)) as {
      status: number;
      receipts: { status: string; contractAddress?: string }[];
    };
    expect(status.status).toBe(200);
    expect(status.receipts.map((r) => r.status)).toEqual(['0x1', '0x1']);
    expect(status.receipts[0]?.contractAddress?.toLowerCase()).toBe(predicted.toLowerCase());
    expect(status.receipts[1]?.contractAddress).toBeUndefined();
    // On the chain: the contract with the code the review showed, poked once by the batch's second call.
    const code = await node.getCode({ address: predicted });
    expect(((code?.length ?? 2) - 2) / 2).toBe(codeSize);
    expect(await node.readContract({ address: predicted, abi: SAMPLE_ABI, functionName: 'pokes' })).toBe(1n);
    expect(await node.getTransactionCount({ address: DEMO })).toBe(nonce + 2);
  });
});
