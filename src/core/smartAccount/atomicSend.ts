import { type Address, zeroAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { cannotAuthorize } from '../accounts/signerKinds';
import type { ChainClient } from '../chain/client';
import { SmartAccountError } from '../errors/smartAccount';
import { codeValue, msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import type { SigningAccount } from '../signing/signerAccount';
import type { CarriedAuthorization, TxKind } from '../tx/record';
import type { CallRequest } from '../tx/transfer';
import type { SmartAccountState } from './accountState';
import { checkAuthorizationTarget, checkDelegateCode, checkOtherDelegate } from './delegateCheck';
import { DELEGATION_CONTRACTS, isKnownDelegate } from './delegates';
import { type Delegation, delegationTypedData } from './delegation';
import { type ExecutionCall, selfBatchCall } from './execution';
import { payerCall, randomSalt, SPONSORED_DELEGATION_SECONDS, sponsoredDelegation } from './sponsorship';

/**
 * One transaction for a smart account: who sends it and pays its gas, its call, the signed
 * authorizations it carries, and what the record says of it.
 */
export type SmartTransaction = {
  kind: Extract<TxKind, 'account-upgrade' | 'account-undo' | 'batch' | 'pay-gas'>;
  sender: Address;
  call: CallRequest;
  authorizations: CarriedAuthorization[];
  batch?: { calls: number; account: Address } | undefined;
  /** Gas paid by another account: the signed delegation its transaction redeems (its caveats, its expiry). */
  delegation?: Delegation | undefined;
  /** Gas paid by another account: when the delegation ends (unix seconds, exclusive). */
  expiresAt?: bigint | undefined;
};

type Signing = { client: ChainClient; chainId: number };

/**
 * A delegate other than Cairn's, which the person chose in the advanced choice: `otherAllowed`
 * once they took its blocking warning (checkAuthorizationTarget refuses it otherwise).
 */
export type OtherDelegate = { address: Address; otherAllowed: boolean };

/**
 * Checks that an authorization to `delegate` is one Cairn signs for (checkAuthorizationTarget),
 * on this chain: Cairn's delegate by its published code hash, another one (the advanced choice)
 * only for being a contract (checkOtherDelegate); an undo, to the zero address, needs no check.
 */
async function checkTarget(
  { client, chainId }: Signing,
  account: Address,
  delegate: Address,
  otherAllowed: boolean,
): Promise<void> {
  checkAuthorizationTarget(delegate, { otherAllowed });
  if (isKnownDelegate(delegate)) await checkDelegateCode(client, chainId);
  else if (!sameAddress(delegate, zeroAddress)) await checkOtherDelegate(client, account, delegate);
}

/**
 * `account`'s authorization to `target.delegate` for `target.nonce`, signed: only for a target
 * Cairn signs for (checkAuthorizationTarget), whose code was checked already (checkTarget).
 */
async function signAuthorizationOf(
  chainId: number,
  account: SigningAccount,
  target: { delegate: Address; nonce: number; otherAllowed: boolean },
): Promise<CarriedAuthorization> {
  if (!account.signAuthorization) throw cannotAuthorize({ kind: 'external' });
  checkAuthorizationTarget(target.delegate, { otherAllowed: target.otherAllowed });
  const signed = await account.signAuthorization({ chainId, address: target.delegate, nonce: target.nonce });
  return { ...signed, authority: account.address };
}

/** Refuses to run calls through an account delegated elsewhere, or a contract: it must be undone first. */
function assertUsable(state: SmartAccountState, account: Address): void {
  if (state.kind === 'foreign')
    throw new SmartAccountError(
      'SMART_DELEGATE_NOT_ALLOWED',
      msg('core.chain:smartAccount.foreignDelegate', { address: codeValue(state.delegate) }),
    );
  if (state.kind === 'contract')
    throw new SmartAccountError(
      'SMART_DELEGATE_NOT_ALLOWED',
      msg('core.chain:smartAccount.isContract', { address: codeValue(account) }),
    );
}

/**
 * An upgrade or undo before anything is signed: its transaction, and the authorization Confirm
 * signs (to `delegate`, for `nonce`: the one after the transaction's), its target already checked.
 */
export type UpgradePlan = {
  kind: Extract<TxKind, 'account-upgrade' | 'account-undo'>;
  sender: Address;
  call: CallRequest;
  authorization: { delegate: Address; nonce: number; otherAllowed: boolean };
};

/**
 * The upgrade (to Cairn's delegate, or to `delegate` when the person chose another) or its undo
 * (to the zero address; `delegate` is then ignored): a type-4 transaction from the account to
 * itself, with no value or data, carrying its own authorization for the nonce after `nonce` (the
 * one the transaction takes). The target is checked here (see checkTarget); nothing is signed.
 * Throws SMART_SIGNER_CANNOT, SMART_DELEGATE_NOT_ALLOWED, SMART_DELEGATE_MISMATCH,
 * SMART_DELEGATE_UNVERIFIED, a ChainError.
 */
export async function planUpgrade(
  signing: Signing,
  account: SigningAccount,
  undo: boolean,
  nonce: number,
  delegate?: OtherDelegate,
): Promise<UpgradePlan> {
  if (!account.signAuthorization) throw cannotAuthorize({ kind: 'external' });
  const target = undo ? zeroAddress : (delegate?.address ?? DELEGATION_CONTRACTS.delegator);
  const otherAllowed = !undo && delegate?.otherAllowed === true;
  await checkTarget(signing, account.address, target, otherAllowed);
  return {
    kind: undo ? 'account-undo' : 'account-upgrade',
    sender: account.address,
    call: { to: account.address, value: 0n, data: '0x' },
    authorization: { delegate: target, nonce: nonce + 1, otherAllowed },
  };
}

/**
 * An authorization to the plan's delegate signed by a throwaway key, for the gas estimate only:
 * the estimate calls the throwaway's address instead of the account, so the delegate's code runs
 * there exactly as it will at the account (nothing runs for an undo), with the same authorization
 * list, and the account signs nothing before Confirm. It authorizes nothing of the person's, and
 * is never sent.
 */
export function standInAuthorization(chainId: number, plan: UpgradePlan): Promise<CarriedAuthorization> {
  const throwaway = privateKeyToAccount(generatePrivateKey());
  return throwaway
    .signAuthorization({ chainId, address: plan.authorization.delegate, nonce: 0 })
    .then((signed) => ({ ...signed, authority: throwaway.address }));
}

/**
 * The planned upgrade or undo with the account's authorization signed (at Confirm; the plan
 * checked the target's code). Throws SMART_SIGNER_CANNOT, SMART_DELEGATE_NOT_ALLOWED and what
 * the signer throws.
 */
export async function signUpgrade(
  { chainId }: Signing,
  account: SigningAccount,
  plan: UpgradePlan,
): Promise<SmartTransaction> {
  if (!sameAddress(account.address, plan.sender)) throw new Error('signUpgrade: another account than planned');
  const authorization = await signAuthorizationOf(chainId, account, plan.authorization);
  return { kind: plan.kind, sender: plan.sender, call: plan.call, authorizations: [authorization] };
}

/** An upgrade or undo planned and signed at once (tests, the bench): planUpgrade, then signUpgrade. */
export async function upgradeTransaction(
  signing: Signing,
  account: SigningAccount,
  undo: boolean,
  nonce: number,
  delegate?: OtherDelegate,
): Promise<SmartTransaction> {
  return signUpgrade(signing, account, await planUpgrade(signing, account, undo, nonce, delegate));
}

/** An authorization Confirm signs: to `delegate`, for `nonce`, its target checked already. */
export type AuthorizationPlan = UpgradePlan['authorization'];

/**
 * A batch's one transaction before the account signs its authorization: the transaction (its
 * authorizations empty; a delegation to another payer signed already, for its estimate needs the
 * signature), the account whose calls it runs, and, for a plain account, the upgrade's
 * authorization Confirm signs (signPlannedBatch). Previewed and estimated with the delegate's
 * code put at the account instead (batchPreview.ts): nothing of the upgrade reaches the node
 * before Confirm.
 */
export type PlannedBatch = { tx: SmartTransaction; account: Address; authorization: AuthorizationPlan | undefined };

/**
 * `calls` run atomically by the account, which sends and pays: to itself, `execute` in batch
 * mode; an account not yet upgraded is upgraded in the same transaction (its authorization for
 * the nonce after `nonce`, signed at Confirm; the delegate's code is checked here).
 * Throws SMART_DELEGATE_NOT_ALLOWED, SMART_DELEGATE_MISMATCH, SMART_DELEGATE_UNVERIFIED, a ChainError.
 */
export async function planSelfPaidBatch(
  signing: Signing,
  account: SigningAccount,
  state: SmartAccountState,
  calls: readonly ExecutionCall[],
  nonce: number,
): Promise<PlannedBatch> {
  assertUsable(state, account.address);
  if (state.kind === 'plain') await checkDelegateCode(signing.client, signing.chainId);
  const tx: SmartTransaction = {
    kind: 'batch',
    sender: account.address,
    call: selfBatchCall(account.address, calls),
    authorizations: [],
    batch: { calls: calls.length, account: account.address },
  };
  return { tx, account: account.address, authorization: upgradeFor(state, nonce + 1) };
}

/** A plain account's upgrade to Cairn's delegate for `nonce`; none for an upgraded account. */
function upgradeFor(state: SmartAccountState, nonce: number): AuthorizationPlan | undefined {
  return state.kind === 'plain' ? { delegate: DELEGATION_CONTRACTS.delegator, nonce, otherAllowed: false } : undefined;
}

/**
 * The planned batch with the account's authorization signed (at Confirm), if it needs one.
 * Throws SMART_SIGNER_CANNOT, SMART_DELEGATE_NOT_ALLOWED and what the signer throws.
 */
export async function signPlannedBatch(
  { chainId }: Signing,
  account: SigningAccount,
  plan: PlannedBatch,
): Promise<SmartTransaction> {
  if (!sameAddress(account.address, plan.account)) throw new Error('signPlannedBatch: another account than planned');
  if (!plan.authorization) return plan.tx;
  const authorization = await signAuthorizationOf(chainId, account, plan.authorization);
  return { ...plan.tx, authorizations: [authorization] };
}

/** `calls` run atomically by the account, planned and signed at once (tests, the bench): planSelfPaidBatch, then signPlannedBatch. */
export async function selfPaidBatch(
  signing: Signing,
  account: SigningAccount,
  state: SmartAccountState,
  calls: readonly ExecutionCall[],
  nonce: number,
): Promise<SmartTransaction> {
  return signPlannedBatch(signing, account, await planSelfPaidBatch(signing, account, state, calls, nonce));
}

/**
 * `calls` run atomically as `account`, with `payer` sending the transaction and paying its gas:
 * the account signs a delegation to the payer limited to exactly these calls, once, for ten
 * minutes (sponsoredDelegation), and, when not yet upgraded, its authorization for its next nonce
 * (`accountNonce`) is planned, signed at Confirm. The payer's transaction redeems it at the
 * DelegationManager.
 */
export async function planSponsoredBatch(
  signing: Signing,
  account: SigningAccount,
  state: SmartAccountState,
  input: { payer: Address; calls: readonly ExecutionCall[]; accountNonce: number; nowSeconds: bigint },
): Promise<PlannedBatch> {
  assertUsable(state, account.address);
  // The delegate, its manager and the enforcers the delegation's limits rely on, in one read.
  await checkDelegateCode(signing.client, signing.chainId, { sponsorship: true });
  const expiresAt = input.nowSeconds + SPONSORED_DELEGATION_SECONDS;
  const unsigned = sponsoredDelegation({
    account: account.address,
    payer: input.payer,
    calls: input.calls,
    expiresAt,
    salt: randomSalt(),
  });
  const typedData = delegationTypedData(unsigned, {
    chainId: signing.chainId,
    delegationManager: DELEGATION_CONTRACTS.delegationManager,
  });
  const delegation = { ...unsigned, signature: await account.signTypedData(typedData) };
  const tx: SmartTransaction = {
    kind: 'pay-gas',
    sender: input.payer,
    call: payerCall(delegation, input.calls),
    authorizations: [],
    batch: { calls: input.calls.length, account: account.address },
    delegation,
    expiresAt,
  };
  return { tx, account: account.address, authorization: upgradeFor(state, input.accountNonce) };
}

/** A batch another account pays for, planned and signed at once (tests, the bench): planSponsoredBatch, then signPlannedBatch. */
export async function sponsoredBatch(
  signing: Signing,
  account: SigningAccount,
  state: SmartAccountState,
  input: { payer: Address; calls: readonly ExecutionCall[]; accountNonce: number; nowSeconds: bigint },
): Promise<SmartTransaction> {
  return signPlannedBatch(signing, account, await planSponsoredBatch(signing, account, state, input));
}
