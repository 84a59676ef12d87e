import { type Address, zeroAddress } from 'viem';
import { getCode } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { delegateOf } from '../chain/delegationDesignator';
import { SimulationError } from '../errors/simulation';
import { msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import { intrinsicGas } from '../offline/intrinsicGas';
import type { SimulationStrategy, UnsignedTransaction } from './types';

// Code that runs at the account itself: its EIP-7702 delegate's, which a preview must run where the
// mined transaction will (see Simulator.sol's simulate), or refuse to preview.

/**
 * The strategy a preview of `tx` runs with, the node's best (`probed`) unless `forced`: a
 * transaction with an upgrade signed only at Confirm (`tx.upgrades`) needs its delegate's code put
 * at the account by a state override, which eth_simulateV1 and eth_call take and debug_traceCall
 * does not everywhere (Hardhat drops it without a word): such a preview runs through eth_call.
 */
export function usedStrategy(
  probed: SimulationStrategy,
  tx: UnsignedTransaction,
  forced: SimulationStrategy | undefined,
): SimulationStrategy {
  const strategy = forced ?? probed;
  const traced = strategy === 'callTracer' || strategy === 'structLogs';
  return traced && (tx.upgrades?.length ?? 0) > 0 ? 'stateOverride' : strategy;
}

/**
 * Whether the transaction runs code at its own sender: a call an account makes to itself with data
 * (an EIP-7702 smart account's batch), or one carrying authorizations. The stateOverride strategy
 * puts the simulator at the sender, in place of that code (and the authorizations would then be
 * skipped): its preview would show nothing happening where something does.
 */
export function runsOwnCode(tx: UnsignedTransaction): boolean {
  const toSelf = tx.to ? sameAddress(tx.to, tx.from) && tx.data !== undefined && tx.data !== '0x' : false;
  return toSelf || (tx.authorizationList?.length ?? 0) > 0;
}

/**
 * The delegate whose code the simulator runs at the sender (Simulator.sol's simulate): the
 * sender's upgrade signed only at Confirm (`tx.upgrades`), else, for a transaction that runs its
 * own code (runsOwnCode), the designator the sender has now (one eth_getCode); else none.
 * Throws SIMULATION_UNSUPPORTED when the transaction carries signed authorizations (the eth_call
 * would skip them) or runs its own code at a sender without a delegate: the preview would show
 * nothing where something runs.
 */
export async function senderDelegate(client: ChainClient, tx: UnsignedTransaction): Promise<Address> {
  const upgrade = tx.upgrades?.find((u) => sameAddress(u.authority, tx.from));
  if (!runsOwnCode(tx)) return upgrade?.delegate ?? zeroAddress;
  const unsupported = new SimulationError('SIMULATION_UNSUPPORTED', msg('core.chain:simulation.ownCode'));
  if ((tx.authorizationList?.length ?? 0) > 0) throw unsupported;
  if (upgrade) return upgrade.delegate;
  const delegate = delegateOf(await getCode(client, { address: tx.from }));
  if (!delegate) throw unsupported;
  return delegate;
}

/** The intrinsic gas of the authorizations a preview stands in for by state overrides (`tx.upgrades`). */
export function upgradesGas(tx: UnsignedTransaction): bigint {
  return intrinsicGas({ to: null, data: '0x', authorizations: tx.upgrades?.length ?? 0 }).authorizations;
}
