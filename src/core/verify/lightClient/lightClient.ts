// Cairn's beacon light client: from a checkpoint the person trusts, it follows the sync committees
// (each signs the next one over) to the present, and gives the newest execution block header they
// signed. Its state root is what proofs are checked against. Loaded only when used (`await
// import()`): nothing else in core imports this folder statically.
import { bytesToHex, type Hex, hexToBytes } from 'viem';
import { VerifyError } from '../../errors/verify';
import { codeValue, msg } from '../../i18n/message';
import type { BeaconApi } from './beaconApi';
import { BEACON_CHAINS, type BeaconChainName, periodOf, slotAt, slotStartMs } from './beaconChains';
import {
  BeaconDataRejected,
  type LightClientHeader,
  type LightClientUpdate,
  readBootstrap,
  readFinalityUpdate,
  readOptimisticUpdate,
  readUpdate,
} from './beaconObjects';
import { beaconHeaderRoot } from './sszRoots';
import { bootstrapStore, type LightClientStore, processUpdate, safetyThreshold, updateIsNews } from './syncProtocol';

export { type BeaconApi, beaconApi } from './beaconApi';
export type { BeaconChainName } from './beaconChains';

/**
 * How old a checkpoint, or the client's last finalized header, may be. Past the weak-subjectivity
 * period, validators that have since left could sign another history at no cost to them, and a
 * light client could not tell. The period depends on the validator set and the churn limit; light
 * clients (Helios among them) take about two weeks as safe on mainnet, and so does Cairn.
 */
export const CHECKPOINT_MAX_AGE_DAYS = 14;
const DAY_MS = 86_400_000;
/** How far a beacon node's clock may run ahead of this computer's (Lodestar allows the same). */
const CLOCK_DISPARITY_MS = 10_000;

/** An execution block header the sync committee signed, read from the beacon block that carries it. */
export type TrustedExecutionHeader = {
  number: bigint;
  hash: Hex;
  stateRoot: Hex;
  /** Seconds since the epoch. */
  timestamp: bigint;
  /** The beacon slot of the block that carries it. */
  slot: number;
  /** Signed as finalized by two thirds of the committee; else a head signed by a majority. */
  finalized: boolean;
  /**
   * Asked for the head, but the client takes none yet: no update in its store was signed by two
   * thirds of the committee (safetyThreshold), so this is the finalized header, minutes behind.
   */
  headAwaitsSupermajority?: true;
};

export type LightClientOptions = {
  chain: BeaconChainName;
  /** `beaconApi(url)` for the person's beacon node, or a stand-in in tests. */
  api: BeaconApi;
  /** The root of a recent finalized beacon block, from a source the person trusts. */
  checkpointRoot: Hex;
  /** Milliseconds since the epoch (the tests' clock is in 2023). */
  now?: () => number;
};

/** A started light client. Its caller keeps it; nothing is kept anywhere else. */
export type LightClient = {
  readonly chain: BeaconChainName;
  /**
   * Follows the committee updates to the present and the newest finality update (and, with
   * `optimistic`, the newest signed head, once two thirds of the committee have signed an update
   * in the store: before that, the finalized header marked `headAwaitsSupermajority`), and gives
   * the newest header proven. Calls run one after another. Throws VERIFY_UPDATE_INVALID (the
   * client keeps what verified before it), VERIFY_CHECKPOINT_OLD (last updated too long ago: start
   * again from a recent checkpoint), VERIFY_BEACON_REFUSED, VERIFY_BEACON_UNREACHABLE.
   */
  update(options?: { optimistic?: boolean }): Promise<TrustedExecutionHeader>;
  /** The newest finalized header proven so far (the checkpoint's, before any update). */
  latest(): TrustedExecutionHeader;
  /** The root of the newest finalized beacon block: a checkpoint to start from next time. */
  checkpointRoot(): Hex;
};

function trusted(header: LightClientHeader, finalized: boolean): TrustedExecutionHeader {
  return {
    number: header.execution.blockNumber,
    hash: bytesToHex(header.execution.blockHash),
    stateRoot: bytesToHex(header.execution.stateRoot),
    timestamp: header.execution.timestamp,
    slot: header.beacon.slot,
    finalized,
  };
}

/**
 * Starts a light client from `checkpointRoot`: fetches its bootstrap, checks that it is that block
 * and that its state holds the committee it names, and that it is recent enough. Throws
 * VERIFY_CHECKPOINT_INVALID, VERIFY_CHECKPOINT_OLD, VERIFY_BEACON_REFUSED, VERIFY_BEACON_UNREACHABLE.
 */
export async function startLightClient(options: LightClientOptions): Promise<LightClient> {
  const { api } = options;
  const chain = BEACON_CHAINS[options.chain];
  const now = options.now ?? Date.now;
  const root = options.checkpointRoot.toLowerCase() as Hex;
  const invalidCheckpoint = (reason: string, cause?: unknown) =>
    new VerifyError(
      'VERIFY_CHECKPOINT_INVALID',
      msg('core.chain:verify.checkpointInvalid', {
        root: codeValue(options.checkpointRoot),
        reason: codeValue(reason),
      }),
      { cause },
    );
  if (!/^0x[0-9a-f]{64}$/.test(root)) throw invalidCheckpoint('not a 32-byte root');

  /** Refuses a header older than the weak-subjectivity limit: what it leads to cannot be trusted. */
  const assertRecent = (header: LightClientHeader) => {
    const ageMs = now() - slotStartMs(chain, header.beacon.slot);
    if (ageMs > CHECKPOINT_MAX_AGE_DAYS * DAY_MS)
      throw new VerifyError(
        'VERIFY_CHECKPOINT_OLD',
        msg('core.chain:verify.checkpointOld', {
          days: String(Math.floor(ageMs / DAY_MS)),
          limit: String(CHECKPOINT_MAX_AGE_DAYS),
        }),
      );
  };

  let store: LightClientStore;
  const answer = await api.bootstrap(root);
  try {
    const bootstrap = readBootstrap(chain, answer);
    store = bootstrapStore(chain, hexToBytes(root), bootstrap);
    const presentSlot = slotAt(chain, now() + CLOCK_DISPARITY_MS);
    if (bootstrap.header.beacon.slot > presentSlot)
      throw new BeaconDataRejected(`its slot ${bootstrap.header.beacon.slot} is still to come`);
  } catch (error) {
    if (error instanceof BeaconDataRejected) throw invalidCheckpoint(error.message, error);
    throw error;
  }
  assertRecent(store.finalizedHeader);

  const invalidUpdate = (reason: string, cause?: unknown) =>
    new VerifyError(
      'VERIFY_UPDATE_INVALID',
      msg('core.chain:verify.updateInvalid', { source: codeValue(api.url), reason: codeValue(reason) }),
      { cause },
    );

  /** Processes an update from the beacon API, unless it is stale. Throws VERIFY_UPDATE_INVALID. */
  const follow = (read: () => LightClientUpdate, presentSlot: number) => {
    try {
      const update = read();
      if (updateIsNews(store, update)) processUpdate(chain, store, update, presentSlot);
    } catch (error) {
      throw error instanceof BeaconDataRejected ? invalidUpdate(error.message, error) : error;
    }
  };

  async function toPresent(optimistic: boolean): Promise<TrustedExecutionHeader> {
    assertRecent(store.finalizedHeader);
    const presentSlot = slotAt(chain, now() + CLOCK_DISPARITY_MS);
    const storePeriod = periodOf(store.finalizedHeader.beacon.slot);
    const presentPeriod = periodOf(presentSlot);
    if (!store.nextSyncCommittee || storePeriod < presentPeriod) {
      const answers = await api.updates(storePeriod, Math.max(1, presentPeriod - storePeriod + 1));
      if (!Array.isArray(answers)) throw invalidUpdate('malformed: the updates are not a list');
      for (const answer of answers) {
        follow(() => readUpdate(chain, answer), presentSlot);
        // Each takes tens of milliseconds of signature checking: let the page draw between them.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    }
    const finality = await api.finalityUpdate();
    follow(() => readFinalityUpdate(chain, finality), presentSlot);
    if (optimistic) {
      const head = await api.optimisticUpdate();
      follow(() => readOptimisticUpdate(chain, head), presentSlot);
      if (safetyThreshold(store) === undefined)
        return { ...trusted(store.finalizedHeader, true), headAwaitsSupermajority: true };
      if (store.optimisticHeader.beacon.slot > store.finalizedHeader.beacon.slot)
        return trusted(store.optimisticHeader, false);
    }
    return trusted(store.finalizedHeader, true);
  }

  let queue: Promise<unknown> = Promise.resolve();
  return {
    chain: chain.name,
    update(updateOptions) {
      const run = queue.then(() => toPresent(updateOptions?.optimistic ?? false));
      queue = run.catch(() => undefined);
      return run;
    },
    latest: () => trusted(store.finalizedHeader, true),
    checkpointRoot: () => bytesToHex(beaconHeaderRoot(store.finalizedHeader.beacon)),
  };
}
