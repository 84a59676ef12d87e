// The passkey contracts placed on a fresh, unseeded Hardhat chain (chain id 31337) that holds
// the deterministic deployer and none of Cairn's contracts, as most networks are today, through
// the transaction service as the screens send them; then a passkey account made there sends 1 ETH
// its passkey signed. On a chain like it whose node does not apply EIP-7702 (cancun), nothing is
// offered to place: no one pays for contracts no account there could run.
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairnRefusal } from '@/testing/expectRefusal';
import { p256Authenticator } from '@/testing/p256Authenticator';
import { demoSigner, recordingService, testNetwork, testNode } from '@/testing/txFixtures';
import { type LocalChain, startChain } from '../../../../devchain/chain.ts';
import { deterministicDeployerSteps } from '../../../../devchain/deterministicDeployer.ts';
import { mineBlock } from '../../../../devchain/scenarios.ts';
import { demoAddress } from '../../../../devchain/seedSupport.ts';
import { findFreePort } from '../../../../scripts/serve/ports.ts';
import { designatorCode } from '../../chain/delegationDesignator';
import { LOCAL_CHAIN_ID } from '../../chain/localChain';
import {
  checkPasskeyNetwork,
  preparePasskeyBatch,
  preparePasskeyUpgrade,
  sendPasskeyBatch,
  sendPasskeyUpgrade,
} from './passkeyAccountSend';
import { PASSKEY_DELEGATE_ADDRESS, PASSKEY_VERIFIER_ADDRESS } from './passkeyDelegate.generated';
import { absentPasskeyContracts } from './passkeyDelegateCheck';
import { preparePasskeyPlacement, sendPasskeyPlacement } from './passkeyPlacement';

const PAYER = 173;
let chain: LocalChain;
let node: ReturnType<typeof testNode>;
beforeAll(async () => {
  chain = await startChain({ port: await findFreePort() });
  node = testNode(chain.url);
  // The deterministic deployer, created by its pre-signed transaction as on live chains.
  await mineBlock(node, await deterministicDeployerSteps(node));
}, 60_000);
afterAll(async () => {
  await chain?.stop();
});

describe('the passkey contracts on a chain without EIP-7702', { timeout: 60_000 }, () => {
  it('are not offered for placing, in words, with the deployer there', async () => {
    const cancun = await startChain({ port: await findFreePort(), hardfork: 'cancun' });
    try {
      const client = testNode(cancun.url);
      await mineBlock(client, await deterministicDeployerSteps(client));
      await client.setBalance({ address: demoAddress(PAYER), value: parseEther('10') });
      const refusal = await cairnRefusal(preparePasskeyPlacement(testNetwork(cancun.url), demoAddress(PAYER)));
      expect(refusal.code).toBe('SMART_NO_7702');
    } finally {
      await cancun.stop();
    }
  });
});

describe('a passkey account where the contracts were not placed', { timeout: 60_000 }, () => {
  it('is refused until they are, then placed, made, and sends what its passkey signed', async () => {
    const network = testNetwork(chain.url);
    const { txs } = recordingService();
    const payer = await demoSigner(PAYER);
    await node.setBalance({ address: payer.address, value: parseEther('10') });
    const absent = await cairnRefusal(checkPasskeyNetwork(network));
    expect(absent.code).toBe('SMART_DELEGATE_ABSENT');
    expect(absent.details).toContain(PASSKEY_VERIFIER_ADDRESS);

    const placements = await preparePasskeyPlacement(network, payer.address);
    const records = await sendPasskeyPlacement(txs, { network, payer, placements });
    for (const record of records) await node.waitForTransactionReceipt({ hash: record.hash });
    expect(await absentPasskeyContracts(node, LOCAL_CHAIN_ID)).toEqual([]);
    expect(await checkPasskeyNetwork(network)).toEqual({ precompile: true });

    const authenticator = p256Authenticator();
    const upgrade = await preparePasskeyUpgrade(network, payer.address, authenticator.publicKey);
    const sent = await sendPasskeyUpgrade(txs, { network, payer, upgrade });
    await node.waitForTransactionReceipt({ hash: sent.hash });
    expect(await node.getCode({ address: upgrade.account })).toBe(designatorCode(PASSKEY_DELEGATE_ADDRESS));
    await node.setBalance({ address: upgrade.account, value: parseEther('2') });
    const recipient = demoAddress(174);
    const before = await node.getBalance({ address: recipient });
    const ready = await preparePasskeyBatch({
      network,
      account: upgrade.account,
      publicKey: authenticator.publicKey,
      payer: payer.address,
      calls: [{ to: recipient, value: parseEther('1'), data: '0x' }],
      precompile: true,
    });
    const assertion = authenticator.assert(ready.digest);
    const record = await sendPasskeyBatch(txs, {
      network,
      payer,
      ready,
      publicKey: authenticator.publicKey,
      assertion,
    });
    expect((await node.waitForTransactionReceipt({ hash: record.hash })).status).toBe('success');
    expect(await node.getBalance({ address: recipient })).toBe(before + parseEther('1'));
  });
});
