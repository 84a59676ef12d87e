// The gas an EIP-7702 batch costs on the local chain, mined (gasUsed from the receipts, not
// estimates): three calls (a USDC transfer, a DAI transfer, an ETH transfer) in one transaction
// against the same three as separate transactions. Every transaction is built by core's encoders
// (atomicSend.ts: selfPaidBatch, sponsoredBatch, upgradeTransaction) and sent by a
// TransactionService, as Cairn sends them; only the gas limit is Node's estimate × 1.25, as the
// integration test does (the limit does not change gasUsed).
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseEther, parseUnits } from 'viem';
import { estimateGas } from 'viem/actions';
import { demoAddress, demoContractAddresses } from '../devchain/seed.ts';
import { chainClient } from '../src/core/chain/client.ts';
import { localNetwork } from '../src/core/chain/networks.ts';
import type { SigningAccount } from '../src/core/signing/signerAccount.ts';
import { readSmartAccountState, type SmartAccountState } from '../src/core/smartAccount/accountState.ts';
import {
  type SmartTransaction,
  selfPaidBatch,
  sponsoredBatch,
  upgradeTransaction,
} from '../src/core/smartAccount/atomicSend.ts';
import type { ExecutionCall } from '../src/core/smartAccount/execution.ts';
import { acceptedOrThrow, type TxKind } from '../src/core/tx/record.ts';
import { demoSigner, recordingService, testFees, testNode } from '../src/testing/txFixtures.ts';

/** The accounts of the gas figures: the batch's account, the one paying its gas, the recipients. */
const ACCOUNT = 10;
const PAYER = 11;
const RECIPIENTS = [12, 13, 14] as const;
/** The seeded accounts holding the tokens the batch's account is given. */
const DAI_HOLDER = 5;
const USDC_HOLDER = 6;

type Sendable = Pick<SmartTransaction, 'call' | 'authorizations' | 'batch'> & { kind: TxKind; sender: Address };

/** A chain's client, the service and the signing context the measured transactions go through. */
export function gasSender(nodeUrl: string) {
  const node = testNode(nodeUrl);
  const network = { ...localNetwork(nodeUrl), id: 'bench-smart-account-gas' };
  const client = chainClient(network);
  const signing = { client, chainId: network.chainId };
  const { txs } = recordingService();
  const nonceOf = (address: Address) => node.getTransactionCount({ address, blockTag: 'pending' });

  /** Sends `tx` as Cairn does (automine on: mined at once); its receipt's gasUsed, once it succeeded. */
  async function gasUsed(signer: SigningAccount, tx: Sendable): Promise<bigint> {
    const authorizationList = tx.authorizations?.length ? tx.authorizations : undefined;
    const estimate = await estimateGas(client, { account: tx.sender, ...tx.call, authorizationList });
    const record = acceptedOrThrow(
      await txs.submit({
        network,
        account: signer,
        kind: tx.kind,
        call: tx.call,
        gas: (estimate * 5n) / 4n,
        fees: testFees,
        authorizations: tx.authorizations,
        batch: tx.batch,
      }),
    );
    const receipt = await node.waitForTransactionReceipt({ hash: record.hash as Hex });
    if (receipt.status !== 'success') throw new Error(`the ${tx.kind} ${record.hash} reverted`);
    return receipt.gasUsed;
  }

  return { node, signing, nonceOf, gasUsed };
}

/** Upgrades demo account `index` with core's upgradeTransaction; the upgrade's gasUsed. */
export async function upgradeDemoAccount(nodeUrl: string, index: number): Promise<bigint> {
  const { signing, nonceOf, gasUsed } = gasSender(nodeUrl);
  const signer = await demoSigner(index);
  const upgrade = await upgradeTransaction(signing, signer, false, await nonceOf(signer.address));
  const used = await gasUsed(signer, upgrade);
  const state = await readSmartAccountState(signing.client, signer.address);
  if (state.kind !== 'upgraded') throw new Error(`demo account ${index} is ${state.kind} after its upgrade`);
  return used;
}

const tokenCall = (token: Address, to: Address, amount: bigint): ExecutionCall => ({
  to: token,
  value: 0n,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
});

export type GasFigures = {
  /** Each call as a transaction of its own, from the upgraded account. */
  separate: bigint[];
  /** The three in one self-paid transaction from the upgraded account (type 2, to itself). */
  batch: bigint;
  /** The first batch of a plain account: the same, carrying its upgrade authorization (type 4). */
  upgradeBatch: bigint;
  /** The three run as the account, another account sending the transaction and paying its gas. */
  sponsored: bigint;
  /** 1 ETH alone run as the account, another account paying: the passkey account's send's match. */
  sponsoredEth: bigint;
};

/**
 * Measures the figures on a seeded chain (automine on). The recipients are given some of each
 * token first, so that every measured transfer changes a balance that is already not zero, the
 * same storage cost in each form.
 */
export async function measureBatchGas(nodeUrl: string): Promise<GasFigures> {
  const { node, signing, nonceOf, gasUsed } = gasSender(nodeUrl);
  const { USDC, DAI } = demoContractAddresses();
  const [usdcTo, daiTo, ethTo] = RECIPIENTS.map((i) => demoAddress(i)) as [Address, Address, Address];
  const account = await demoSigner(ACCOUNT);
  const payer = await demoSigner(PAYER);

  const fund = async (from: number, token: Address, to: Address, amount: bigint) => {
    const hash = await node.writeContract({
      account: demoAddress(from),
      chain: null,
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, amount],
    });
    await node.waitForTransactionReceipt({ hash });
  };
  await fund(USDC_HOLDER, USDC, account.address, parseUnits('100', 6));
  await fund(DAI_HOLDER, DAI, account.address, parseUnits('100', 18));
  await fund(USDC_HOLDER, USDC, usdcTo, parseUnits('1', 6));
  await fund(DAI_HOLDER, DAI, daiTo, parseUnits('1', 18));

  const calls: ExecutionCall[] = [
    tokenCall(USDC, usdcTo, parseUnits('1', 6)),
    tokenCall(DAI, daiTo, parseUnits('1', 18)),
    { to: ethTo, value: parseEther('0.001'), data: '0x' },
  ];
  const plain: SmartAccountState = await readSmartAccountState(signing.client, account.address);
  if (plain.kind !== 'plain') throw new Error(`demo account ${ACCOUNT} is ${plain.kind}, not plain`);
  const upgradeBatch = await gasUsed(
    account,
    await selfPaidBatch(signing, account, plain, calls, await nonceOf(account.address)),
  );
  const upgraded = await readSmartAccountState(signing.client, account.address);
  if (upgraded.kind !== 'upgraded') throw new Error(`demo account ${ACCOUNT} is ${upgraded.kind} after its batch`);

  const separate: bigint[] = [];
  for (const call of calls) {
    const kind: TxKind = call.data === '0x' ? 'transfer' : 'call';
    separate.push(await gasUsed(account, { kind, sender: account.address, call, authorizations: [] }));
  }
  const batch = await gasUsed(
    account,
    await selfPaidBatch(signing, account, upgraded, calls, await nonceOf(account.address)),
  );
  const sponsored = await gasUsed(
    payer,
    await sponsoredBatch(signing, account, upgraded, {
      payer: payer.address,
      calls,
      accountNonce: await nonceOf(account.address),
      nowSeconds: (await node.getBlock()).timestamp,
    }),
  );
  const oneEth: ExecutionCall[] = [{ to: ethTo, value: parseEther('1'), data: '0x' }];
  const sponsoredEth = await gasUsed(
    payer,
    await sponsoredBatch(signing, account, upgraded, {
      payer: payer.address,
      calls: oneEth,
      accountNonce: await nonceOf(account.address),
      nowSeconds: (await node.getBlock()).timestamp,
    }),
  );
  return { separate, batch, upgradeBatch, sponsored, sponsoredEth };
}

const gas = (value: bigint) => value.toLocaleString('en-US');
const against = (value: bigint, separate: bigint) =>
  `${(Number(value) / Number(separate)).toFixed(2)}× the separate ones (${value <= separate ? `${gas(separate - value)} less` : `${gas(value - separate)} more`})`;

/** The figure lines; `upgrade`: the gasUsed of an upgrade on its own (upgradeTransaction), for comparison. */
export function gasLines(figures: GasFigures, upgrade: bigint): string[] {
  const separate = figures.separate.reduce((sum, g) => sum + g, 0n);
  return [
    '  Gas, mined on the local chain (gasUsed): a USDC transfer, a DAI transfer and an ETH transfer, as Cairn builds them (core/smartAccount)',
    `    3 separate transactions          ${gas(separate).padStart(9)}   (${figures.separate.map(gas).join(' + ')})`,
    `    1 batch, upgraded account        ${gas(figures.batch).padStart(9)}   ${against(figures.batch, separate)}   (type 2, to itself, execute in batch mode)`,
    `    1 batch with the upgrade         ${gas(figures.upgradeBatch).padStart(9)}   ${against(figures.upgradeBatch, separate)}   (a plain account's first batch, type 4 carrying its authorization)`,
    `    1 batch, gas paid by another     ${gas(figures.sponsored).padStart(9)}   ${against(figures.sponsored, separate)}   (the payer redeems a delegation for exactly these calls at the DelegationManager)`,
    `    1 ETH alone, gas paid by another ${gas(figures.sponsoredEth).padStart(9)}   (the same redemption for one call; the passkey account's 1 ETH send is in passkey-account)`,
    `    the upgrade on its own           ${gas(upgrade).padStart(9)}   (type 4 to itself, no call)`,
  ];
}
