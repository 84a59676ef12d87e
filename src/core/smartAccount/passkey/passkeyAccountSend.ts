import { type Address, decodeErrorResult, encodeFunctionData, type Hex } from 'viem';
import { estimateGas } from 'viem/actions';
import { type ChainClient, chainClient } from '../../chain/client';
import { feeFamilyOf } from '../../chain/feeFamily';
import type { Network } from '../../chain/networks';
import { findRevertData } from '../../chain/revertData';
import { toChainError } from '../../chain/toChainError';
import { SmartAccountError } from '../../errors/smartAccount';
import { msg } from '../../i18n/message';
import type { SigningAccount } from '../../signing/signerAccount';
import type { AnyPreparedSend, KnownReads } from '../../tx/prepare';
import { acceptedOrThrow, type TxRecord } from '../../tx/record';
import type { TransactionService } from '../../tx/transactionService';
import type { SmartTransaction } from '../atomicSend';
import { asBatchError } from '../batchErrors';
import { type ExecutionCall, selfBatchCall } from '../execution';
import { prepareSmart, sendSmart } from '../smartSend';
import { answerThroughDelegation, lacksEip7702, noEip7702Message } from '../support';
import { p256PrecompileAnswers } from './p256Precompile';
import { type PasskeyBatch, passkeyBatchCall, passkeyBatchDigest, readPasskeyNonce } from './passkeyBatch';
import { PASSKEY_DELEGATE_ADDRESS, PASSKEY_VERIFIER_ADDRESS, passkeyDelegateAbi } from './passkeyDelegate.generated';
import { checkPasskeyDelegateCode } from './passkeyDelegateCheck';
import type { PasskeyPublicKey } from './passkeyPublicKey';
import { encodePasskeySignature, type PasskeyAssertion } from './passkeySignature';
import { type SignedPasskeyUpgrade, signPasskeyUpgrade } from './passkeyUpgrade';

// The passkey account's two transactions as the person's screens run them, through the same
// pipeline as every other (prepared as Send prepares, signed, stored and tracked by the
// transaction service): its upgrade, sent by a paying account with the fresh key's
// authorization; and each batch its passkey signs, sent by a paying account with its gas.

/**
 * What a passkey signature costs on top of running its calls (the verifier, the signer set, the
 * nonce's slot, the assertion's calldata), with P256VERIFY and without: bench `passkey-account`
 * measured about 62,000 and 302,000; the estimate leaves room above both.
 */
export const PASSKEY_SIGNATURE_GAS = { precompile: 90_000n, solidity: 340_000n } as const;

/** What a network offers a passkey account: whether P256VERIFY answers (else the higher gas). */
export type PasskeyNetwork = { precompile: boolean };

/** Whether an account delegated to the passkey delegate here runs it: it names Cairn's verifier. */
async function appliesAuthorizations(client: ChainClient, chainId: number): Promise<boolean> {
  const data = await answerThroughDelegation(
    client,
    chainId,
    PASSKEY_DELEGATE_ADDRESS,
    encodeFunctionData({ abi: passkeyDelegateAbi, functionName: 'webAuthnVerifier' }),
  );
  return data?.toLowerCase().endsWith(PASSKEY_VERIFIER_ADDRESS.slice(2).toLowerCase()) === true;
}

/**
 * Checks, before a passkey is asked for anything, that `network` can hold a passkey account: it
 * runs EIP-7702 (SMART_NO_7702), its delegate and verifier are the code Cairn builds
 * (SMART_DELEGATE_UNVERIFIED, SMART_DELEGATE_MISMATCH), and whether P256VERIFY answers. Throws
 * those or a ChainError.
 */
export async function checkPasskeyNetwork(network: Network, client = chainClient(network)): Promise<PasskeyNetwork> {
  const family = await feeFamilyOf(network, client);
  if (lacksEip7702(family)) throw new SmartAccountError('SMART_NO_7702', noEip7702Message(family));
  await checkPasskeyDelegateCode(client, network.chainId);
  const [applies, precompile] = await Promise.all([
    appliesAuthorizations(client, network.chainId),
    p256PrecompileAnswers(client),
  ]);
  if (!applies) throw new SmartAccountError('SMART_NO_7702', noEip7702Message(family));
  return { precompile };
}

/** A passkey account's upgrade, ready to review: the new address, its transaction and its fee. */
export type PreparedPasskeyUpgrade = {
  account: Address;
  tx: SmartTransaction;
  prepared: AnyPreparedSend;
};

/** The paying account's type-4 transaction carrying a signed upgrade. */
function passkeyUpgradeTransaction(payer: Address, upgrade: SignedPasskeyUpgrade): SmartTransaction {
  return {
    kind: 'account-upgrade',
    sender: payer,
    call: upgrade.call,
    authorizations: [{ ...upgrade.authorization, authority: upgrade.account }],
  };
}

/**
 * Makes the passkey account of `publicKey` on `network`: the fresh key signs its upgrade and is
 * wiped (signPasskeyUpgrade), and the paying account's transaction carrying it is prepared. Its
 * fee is estimated with a stand-in: the same upgrade signed by a throwaway key (the same code runs,
 * at the same cost), so nothing the new account signed reaches the node before the person sends
 * it. Nothing is sent. Throws SMART_PAYER_FUNDS when `payer` cannot pay the fee, and what
 * preparing throws.
 */
export async function preparePasskeyUpgrade(
  network: Network,
  payer: Address,
  publicKey: PasskeyPublicKey,
  known?: KnownReads,
): Promise<PreparedPasskeyUpgrade> {
  const chainId = network.chainId;
  const [upgrade, standIn] = await Promise.all([
    signPasskeyUpgrade({ chainId, publicKey }),
    signPasskeyUpgrade({ chainId, publicKey }),
  ]);
  const tx = passkeyUpgradeTransaction(payer, upgrade);
  try {
    const prepared = await prepareSmart(network, passkeyUpgradeTransaction(payer, standIn), known);
    return { account: upgrade.account, tx, prepared: { ...prepared, call: tx.call } };
  } catch (error) {
    throw asBatchError(error, payer);
  }
}

/**
 * Sends a reviewed upgrade from the paying account (sendSmart), the delegate's code checked again
 * first: a review can wait long, and the code hash is checked right before every upgrade. Throws
 * SMART_DELEGATE_UNVERIFIED, SMART_DELEGATE_MISMATCH (nothing sent), and what submitting throws.
 */
export async function sendPasskeyUpgrade(
  service: TransactionService,
  args: { network: Network; payer: SigningAccount; upgrade: PreparedPasskeyUpgrade },
): Promise<TxRecord> {
  const { network, payer, upgrade } = args;
  service.refuseWhileHeld(network);
  await checkPasskeyDelegateCode(chainClient(network), network.chainId);
  return sendSmart(service, { network, account: payer, prepared: upgrade.prepared, tx: upgrade.tx });
}

/** A batch of the account's, ready for its passkey: what it signs (the digest) and the payer's fee. */
export type PreparedPasskeyBatch = {
  batch: PasskeyBatch;
  /** The WebAuthn challenge: passkeyBatchDigest. */
  digest: Hex;
  payer: Address;
  prepared: AnyPreparedSend;
};

/** What preparePasskeyBatch is asked: `calls` run by `account`, `payer` sending them with its gas. */
export type PasskeyBatchRequest = {
  network: Network;
  account: Address;
  /** A listed passkey's key: the estimate's stand-in approval names it. */
  publicKey: PasskeyPublicKey;
  payer: Address;
  calls: readonly ExecutionCall[];
  /** Whether P256VERIFY answers (checkPasskeyNetwork): the signature's gas. */
  precompile: boolean;
  known?: KnownReads;
};

/** An approval the size of a real one, for the fee's calldata (never sent: its signature is not valid). */
function standInApproval(publicKey: PasskeyPublicKey) {
  return { publicKey, signature: `0x${'11'.repeat(544)}` as Hex };
}

/**
 * Prepares `calls` run by the passkey account `account` and sent by `payer`: the account's nonce
 * read, the digest computed, and the payer's fee from the calls' own gas (the account running
 * them itself, as the node can estimate without a signature) and PASSKEY_SIGNATURE_GAS. Throws
 * SMART_BATCH_REVERTS (a call fails), SMART_PAYER_FUNDS, or a ChainError.
 */
export async function preparePasskeyBatch(args: PasskeyBatchRequest): Promise<PreparedPasskeyBatch> {
  const { network, account, payer, calls } = args;
  const client = chainClient(network);
  try {
    const [nonce, callsGas] = await Promise.all([
      readPasskeyNonce(client, account),
      // At no gas price: the account pays none, so its whole balance may go in the calls' values.
      estimateGas(client, { account, ...selfBatchCall(account, calls), gasPrice: 0n }).catch((error: unknown) => {
        throw toChainError(error);
      }),
    ]);
    const batch: PasskeyBatch = { chainId: network.chainId, account, calls, nonce };
    const signatureGas = args.precompile ? PASSKEY_SIGNATURE_GAS.precompile : PASSKEY_SIGNATURE_GAS.solidity;
    const call = passkeyBatchCall(batch, standInApproval(args.publicKey));
    const prepared = await prepareSmart(
      network,
      { kind: 'pay-gas', sender: payer, call, authorizations: [] },
      args.known,
      callsGas + signatureGas,
    );
    return { batch, digest: passkeyBatchDigest(batch), payer, prepared };
  } catch (error) {
    throw asBatchError(error, payer);
  }
}

/** The delegate's refusal of a signed batch, in words: a used nonce is a replay. */
function refusalOf(error: unknown): SmartAccountError | undefined {
  const data = findRevertData(error);
  if (!data) return undefined;
  let name: string;
  try {
    name = decodeErrorResult({ abi: passkeyDelegateAbi, data }).errorName;
  } catch {
    return undefined;
  }
  if (name === 'InvalidAccountNonce')
    return new SmartAccountError('SMART_PASSKEY_REPLAYED', msg('core.chain:smartAccount.passkeyReplayed'));
  if (name === 'AccountUnauthorized')
    return new SmartAccountError('SMART_PASSKEY_ASSERTION', msg('core.chain:smartAccount.passkeyRefused'));
  return undefined;
}

/**
 * Confirm of a reviewed batch: the passkey's assertion (over the digest) becomes its signature,
 * the paying account's call is checked against the node (eth_estimateGas: a replayed or refused
 * assertion reverts, said as SMART_PASSKEY_REPLAYED or SMART_PASSKEY_ASSERTION, and nothing is
 * sent; one that needs more gas than reviewed is refused too), then sent with the reviewed gas
 * and fees. Throws those, what encodePasskeySignature and submitting throw (TX_REFUSED).
 */
export async function sendPasskeyBatch(
  service: TransactionService,
  args: {
    network: Network;
    payer: SigningAccount;
    ready: PreparedPasskeyBatch;
    publicKey: PasskeyPublicKey;
    assertion: PasskeyAssertion;
    intent?: TxRecord['intent'];
  },
): Promise<TxRecord> {
  const { network, payer, ready } = args;
  service.refuseWhileHeld(network);
  const signature = encodePasskeySignature(args.assertion, ready.digest);
  const call = passkeyBatchCall(ready.batch, { publicKey: args.publicKey, signature });
  let gas: bigint;
  try {
    gas = await estimateGas(chainClient(network), { account: payer.address, ...call });
  } catch (error) {
    throw refusalOf(error) ?? asBatchError(toChainError(error), payer.address);
  }
  if (gas > ready.prepared.gasLimit) {
    throw new SmartAccountError('SMART_BATCH_REVERTS', msg('core.chain:smartAccount.passkeyGasAbove'));
  }
  const record = await service.submit({
    network,
    account: payer,
    kind: 'pay-gas',
    call,
    gas: ready.prepared.gasLimit,
    fees: ready.prepared.fees,
    batch: { calls: ready.batch.calls.length, account: ready.batch.account },
    intent: args.intent,
  });
  return acceptedOrThrow(record);
}
