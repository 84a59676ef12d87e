// The passkey contracts placed where a network has none yet: the local OP Stack chain (EDR's,
// started for this file), which holds the deterministic deployer as every OP Stack chain does and
// none of Cairn's contracts. Refused in words before: no deployer, a payer without the fees, and
// code of another kind at an address. Then placed by a paying account through the transaction
// service, the L1 data fee in what was reviewed, and never with another input than the one Cairn
// builds: the code there hashes as recorded for chain 901 and the network passes the account's
// check. Once there, nothing is placed again. (EDR's OP chain
// refuses type-4 transactions, so the account itself is made on the L1 chain:
// passkeyPlacement.integration.test.ts.)
import { concat } from 'viem';
import { describe, expect, it } from 'vitest';
import { cairnRefusal } from '@/testing/expectRefusal';
import { useLocalOpChain } from '@/testing/localOpChain';
import { demoSigner, recordingService } from '@/testing/txFixtures';
import { deterministicDeployerRuntime } from '../../../../devchain/deterministicDeployer.ts';
import { demoAddress, seedClient } from '../../../../devchain/seedSupport.ts';
import { DETERMINISTIC_DEPLOYER } from '../../chain/deterministicDeployer';
import { LOCAL_OP_CHAIN_ID } from '../../chain/localChain';
import { localOpNetwork, type Network } from '../../chain/networks';
import type { CallToSend } from '../../tx/preparedCalls';
import { checkPasskeyNetwork } from './passkeyAccountSend';
import { PASSKEY_VERIFIER_ADDRESS } from './passkeyDelegate.generated';
import { absentPasskeyContracts, passkeyContracts } from './passkeyDelegateCheck';
import { placementCost, preparePasskeyPlacement, sendPasskeyPlacement } from './passkeyPlacement';

const PAYER = 3;
const POOR = 180;

describe('the passkey contracts, placed on a network that has none', { timeout: 60_000 }, () => {
  const op = useLocalOpChain();
  const node = () => seedClient(op.current().chain.url, LOCAL_OP_CHAIN_ID);
  let counter = 0;
  const opNetwork = (): Network => ({ ...localOpNetwork([op.current().chain.url]), id: `op-placement-${counter++}` });

  it('are refused in words where there is no deployer, the payer cannot pay, or other code sits', async () => {
    const network = opNetwork();
    expect(await absentPasskeyContracts(node(), LOCAL_OP_CHAIN_ID)).toEqual(passkeyContracts(LOCAL_OP_CHAIN_ID));
    const absent = await cairnRefusal(checkPasskeyNetwork(network));
    expect(absent.code).toBe('SMART_DELEGATE_ABSENT');

    await node().setCode({ address: DETERMINISTIC_DEPLOYER, bytecode: '0x' });
    try {
      const noDeployer = await cairnRefusal(preparePasskeyPlacement(network, demoAddress(PAYER)));
      expect(noDeployer.code).toBe('SMART_NO_DEPLOYER');
    } finally {
      await node().setCode({ address: DETERMINISTIC_DEPLOYER, bytecode: deterministicDeployerRuntime() });
    }

    // Enough for one placement's fee, not for both.
    const placements = await preparePasskeyPlacement(network, demoAddress(PAYER));
    const one = placements[1]?.prepared.cost.max ?? 0n;
    await node().setBalance({ address: demoAddress(POOR), value: one });
    const poor = await cairnRefusal(preparePasskeyPlacement(network, demoAddress(POOR)));
    expect(poor.code).toBe('SMART_PAYER_FUNDS');

    await node().setCode({ address: PASSKEY_VERIFIER_ADDRESS, bytecode: '0x6000' });
    try {
      const other = await cairnRefusal(preparePasskeyPlacement(network, demoAddress(PAYER)));
      expect(other.code).toBe('SMART_DELEGATE_MISMATCH');
      expect(other.details).toContain(PASSKEY_VERIFIER_ADDRESS);
    } finally {
      await node().setCode({ address: PASSKEY_VERIFIER_ADDRESS, bytecode: '0x' });
    }
  });

  it('are placed by a paying account, with the L1 data fee, and checked', async () => {
    const network = opNetwork();
    const { txs, stored } = recordingService();
    const payer = await demoSigner(PAYER);
    const placements = await preparePasskeyPlacement(network, payer.address);
    expect(placements.map((p) => p.contract.name)).toEqual(['verifier', 'delegate']);
    expect(placements.every((p) => p.prepared.call.to === DETERMINISTIC_DEPLOYER)).toBe(true);
    // An OP Stack chain charges the L1 data fee too, and it is in the cost reviewed.
    expect(placements.every((p) => p.prepared.l1Fee > 0n)).toBe(true);
    const before = await node().getBalance({ address: payer.address });

    // Only the input Cairn builds is ever sent: another init code, or a value, and nothing goes.
    const altered = (change: (call: CallToSend) => CallToSend) =>
      placements.map((p, i) => (i === 1 ? { ...p, prepared: { ...p.prepared, call: change(p.prepared.call) } } : p));
    for (const placementsAltered of [
      altered((call) => ({ ...call, data: concat([call.data, '0x00']) })),
      altered((call) => ({ ...call, value: 1n })),
    ]) {
      await expect(sendPasskeyPlacement(txs, { network, payer, placements: placementsAltered })).rejects.toThrow(
        'not the input Cairn builds',
      );
    }
    expect(stored).toEqual([]);

    const records = await sendPasskeyPlacement(txs, { network, payer, placements });
    expect(records.map((r) => r.kind)).toEqual(['call', 'call']);
    for (const record of records) {
      const receipt = await node().waitForTransactionReceipt({ hash: record.hash });
      expect(receipt.status).toBe('success');
    }
    expect(await absentPasskeyContracts(node(), LOCAL_OP_CHAIN_ID)).toEqual([]);
    expect(before - (await node().getBalance({ address: payer.address }))).toBeLessThanOrEqual(
      placementCost(placements),
    );
    expect(await checkPasskeyNetwork(network)).toEqual({ precompile: true });
    // Placed: nothing left to place, and a review prepared before sends nothing now.
    expect(await preparePasskeyPlacement(network, payer.address)).toEqual([]);
    expect(await sendPasskeyPlacement(txs, { network, payer, placements })).toEqual([]);
  });
});
