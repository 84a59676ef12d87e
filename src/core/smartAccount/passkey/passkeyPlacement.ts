import type { Address } from 'viem';
import { chainClient } from '../../chain/client';
import { readCodeHashes } from '../../chain/codeHashes';
import {
  DETERMINISTIC_DEPLOYER,
  DETERMINISTIC_DEPLOYER_CODE_HASH,
  deterministicDeployment,
} from '../../chain/deterministicDeployer';
import type { Network } from '../../chain/networks';
import { SmartAccountError } from '../../errors/smartAccount';
import { codeValue, msg } from '../../i18n/message';
import type { SigningAccount } from '../../signing/signerAccount';
import type { AnyPreparedSend, KnownReads } from '../../tx/prepare';
import { type CallToSend, prepareCall, sendPreparedCall } from '../../tx/preparedCalls';
import type { TxRecord } from '../../tx/record';
import type { TransactionService } from '../../tx/transactionService';
import { asBatchError } from '../batchErrors';
import { appliesDelegations } from '../support';
import { PASSKEY_DELEGATE_SALT } from './passkeyDelegate.generated';
import { absentPasskeyContracts, type PasskeyContract, passkeyContracts } from './passkeyDelegateCheck';

// Where a network Cairn knows has none of its passkey contracts yet, the person can place them,
// paid by one of their accounts: each is its CREATE2 input sent to the deterministic deployer, so
// it lands at the address Cairn names and its code is the one Cairn hashed for that chain. Nothing
// else is trusted: after placing, the code is read and hashed again before any account uses it.

/** One contract to place: what it is, and its transaction from the paying account, prepared. */
export type PreparedPlacement = { contract: PasskeyContract; prepared: AnyPreparedSend };

/** The call that places `contract`: the deployer sent the salt and its init code. */
function placementCall(contract: PasskeyContract): CallToSend {
  return {
    to: DETERMINISTIC_DEPLOYER,
    value: 0n,
    data: deterministicDeployment(PASSKEY_DELEGATE_SALT, contract.initCode),
  };
}

/**
 * Throws SMART_NO_DEPLOYER unless the deterministic deployer is on this network, as it is built;
 * then SMART_NO_7702 unless the node applies authorizations (asked through the deployer), so that
 * nobody pays to place contracts an account here could never run.
 */
async function checkCanPlace(network: Network): Promise<void> {
  const client = chainClient(network);
  const [found] = await readCodeHashes(client, [DETERMINISTIC_DEPLOYER]);
  if (found !== DETERMINISTIC_DEPLOYER_CODE_HASH) {
    throw new SmartAccountError('SMART_NO_DEPLOYER', msg('core.chain:smartAccount.noDeployer'), {
      details: `${DETERMINISTIC_DEPLOYER}: ${found ?? 'no code'}`,
    });
  }
  // A ZKsync chain never gets here: checkPasskeyNetwork refuses it before anything is absent.
  if (!(await appliesDelegations(client, network.chainId))) {
    throw new SmartAccountError('SMART_NO_7702', msg('core.chain:smartAccount.no7702'));
  }
}

/**
 * Prepares, for review, the transactions that place the passkey contracts not yet on `network`
 * (none when both are there as built), sent by `payer` with its gas. Nothing is sent. Throws
 * SMART_NO_DEPLOYER and SMART_NO_7702 (checkCanPlace), SMART_DELEGATE_UNVERIFIED and
 * SMART_DELEGATE_MISMATCH (absentPasskeyContracts), SMART_PAYER_FUNDS (the payer cannot pay every
 * fee: their sum at most), or a ChainError.
 */
export async function preparePasskeyPlacement(
  network: Network,
  payer: Address,
  known?: KnownReads,
): Promise<PreparedPlacement[]> {
  const [absent] = await Promise.all([
    absentPasskeyContracts(chainClient(network), network.chainId),
    checkCanPlace(network),
  ]);
  const placements: PreparedPlacement[] = [];
  try {
    // The first's head and fee market serve the second: read once, not once per contract.
    let reads = known;
    for (const contract of absent) {
      const prepared = await prepareCall(network, payer, placementCall(contract), undefined, reads);
      placements.push({ contract, prepared });
      reads = { head: prepared.block, market: prepared.market };
    }
  } catch (error) {
    throw asBatchError(error, payer);
  }
  const balance = placements[0]?.prepared.nativeBalance ?? 0n;
  if (placementCost(placements) > balance) {
    throw new SmartAccountError(
      'SMART_PAYER_FUNDS',
      msg('core.chain:smartAccount.payerFunds', { payer: codeValue(payer) }),
    );
  }
  return placements;
}

/** What placing costs at most: every transaction's highest fee. */
export function placementCost(placements: readonly PreparedPlacement[]): bigint {
  return placements.reduce((sum, { prepared }) => sum + prepared.cost.max, 0n);
}

/**
 * Whether `placement` sends exactly what Cairn builds to place its contract on `chainId`: to the
 * deterministic deployer, no value, the salt and that contract's init code (its address and code
 * hash the ones recorded), whatever prepared it.
 */
function isCairnsPlacement(chainId: number, { contract, prepared }: PreparedPlacement): boolean {
  const built = passkeyContracts(chainId)?.find((c) => c.name === contract.name);
  if (!built || built.address !== contract.address || built.codeHash !== contract.codeHash) return false;
  const call = placementCall(built);
  const sent = prepared.call;
  return sent.to === call.to && sent.value === 0n && sent.data.toLowerCase() === call.data.toLowerCase();
}

/**
 * Sends reviewed placements from the paying account, in order (the verifier, then the delegate),
 * each signed, stored and tracked like any of Cairn's transactions; `onSent` hears of each as it
 * goes (a later one can fail after an earlier one was sent). Each must send exactly the input
 * Cairn builds for its contract on this chain, or nothing is sent. The code is read again first:
 * a contract placed meanwhile (by anyone: its address and code are the same) is not sent again,
 * and other code there stops everything. Answers the records sent. Throws what
 * absentPasskeyContracts and submitting throw.
 */
export async function sendPasskeyPlacement(
  service: TransactionService,
  args: {
    network: Network;
    payer: SigningAccount;
    placements: readonly PreparedPlacement[];
    onSent?: (record: TxRecord) => void;
  },
): Promise<TxRecord[]> {
  const { network, payer } = args;
  service.refuseWhileHeld(network);
  if (!args.placements.every((placement) => isCairnsPlacement(network.chainId, placement))) {
    // Never from the review, which sends what preparePasskeyPlacement built for this network.
    throw new Error('a passkey placement that is not the input Cairn builds for this chain');
  }
  const absent = new Set(
    (await absentPasskeyContracts(chainClient(network), network.chainId)).map((contract) => contract.address),
  );
  const records: TxRecord[] = [];
  for (const { contract, prepared } of args.placements) {
    if (!absent.has(contract.address)) continue;
    const record = await sendPreparedCall(service, { network, account: payer, prepared });
    records.push(record);
    args.onSent?.(record);
  }
  return records;
}
