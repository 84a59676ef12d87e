import { type Address, getAddress, isAddress } from 'viem';
import { isRecord } from '../text/guards';

// What a network is, beyond its chain id and RPC URLs: how its fees are made up, which network
// it settles on, and where its Multicall3 is when not at the canonical address. Kept on each
// network's entry (core/chain/networks.ts); presets have them generated from viem/chains
// (scripts/generate/presetChains.ts), custom networks have their fee family read from the chain
// itself (feeFamily.ts).

/** The OP Stack GasPriceOracle predeploy (getL1Fee), on every OP Stack chain. */
export const OP_GAS_PRICE_ORACLE: Address = '0x420000000000000000000000000000000000000F';
/** Scroll's L1GasPriceOracle predeploy (getL1Fee). */
export const SCROLL_L1_GAS_PRICE_ORACLE: Address = '0x5300000000000000000000000000000000000002';
/** Arbitrum's ArbSys precompile (arbChainID()). */
export const ARB_SYS: Address = '0x0000000000000000000000000000000000000064';

/**
 * How a network charges for a transaction beyond gas × price.
 * - `l1`: nothing more (Ethereum, and chains that post no data to another: Polygon PoS, Gnosis…).
 * - `opStack`, `scroll`: an L1 data fee on top, quoted by the oracle's getL1Fee(bytes) and named
 *   in the receipt (`l1Fee`).
 * - `arbitrum`: the L1 cost is counted in gas (estimates and limits include it); no tip is needed.
 * - `zkSync`: the L1 cost (the data published to Ethereum) is paid in gas, as gas per pubdata byte;
 *   nothing on top. Its VM has no EIP-7702 (core/smartAccount/support.ts).
 * - `unknown`: not known yet: a network stored before Cairn read families, or whose node could
 *   not be asked. Read from the chain at its first use (feeFamilyOf) and kept.
 */
export type FeeFamily =
  | { kind: 'l1' }
  | { kind: 'opStack'; oracle: Address }
  | { kind: 'scroll'; oracle: Address }
  | { kind: 'arbitrum' }
  | { kind: 'zkSync' }
  | { kind: 'unknown' };

export type FeeFamilyKind = FeeFamily['kind'];

export const UNKNOWN_FEE_FAMILY: FeeFamily = { kind: 'unknown' };

/** A network's Multicall3 where it is not at the canonical address (zkSync Era's, compiled for its VM). */
export type MulticallDeployment = { address: Address };

/** Whether the network charges an L1 data fee on top of gas, read from an oracle. */
export function chargesL1DataFee(family: FeeFamily): family is Extract<FeeFamily, { oracle: Address }> {
  return family.kind === 'opStack' || family.kind === 'scroll';
}

const PLAIN_KINDS: readonly FeeFamilyKind[] = ['l1', 'arbitrum', 'zkSync', 'unknown'];

/**
 * A fee family as stored, checked; undefined when it is not one. Addresses come back checksummed.
 */
export function readFeeFamily(value: unknown): FeeFamily | undefined {
  if (!isRecord(value) || typeof value.kind !== 'string') return undefined;
  const kind = value.kind as FeeFamilyKind;
  if (PLAIN_KINDS.includes(kind)) return { kind } as FeeFamily;
  if (kind !== 'opStack' && kind !== 'scroll') return undefined;
  const oracle = value.oracle;
  if (typeof oracle !== 'string' || !isAddress(oracle, { strict: false })) return undefined;
  return { kind, oracle: getAddress(oracle) };
}

/**
 * The fee family of a network record as stored: its `feeFamily`, else (records saved before
 * families) the OP Stack oracle it named as `l1FeeOracle`, else unknown (read from the chain
 * later). Undefined when what is stored is damaged.
 */
export function storedFeeFamily(record: { feeFamily?: unknown; l1FeeOracle?: unknown }): FeeFamily | undefined {
  if (record.feeFamily !== undefined) return readFeeFamily(record.feeFamily);
  const oracle = record.l1FeeOracle;
  if (oracle === undefined || oracle === null) return UNKNOWN_FEE_FAMILY;
  if (typeof oracle !== 'string' || !isAddress(oracle, { strict: false })) return undefined;
  return { kind: 'opStack', oracle: getAddress(oracle) };
}
