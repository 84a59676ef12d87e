// The light client's store and the rules that move it, as consensus-specs'
// specs/altair/light-client/sync-protocol.md (with Capella's execution header and Electra's deeper
// state tree) writes them: validate_light_client_update, process_light_client_update and
// apply_light_client_update. Two differences: Cairn never force-updates (a period whose committee
// hand-over was not signed by two thirds of the committee stops the client rather than being taken
// on a timeout), and it takes no optimistic head until two thirds of a committee have signed an
// update in the store (see safetyThreshold).
import { type BeaconChain, epochOf, forkAt, forkFrom, periodOf } from './beaconChains';
import {
  BeaconDataRejected,
  type LightClientBootstrap,
  type LightClientHeader,
  type LightClientUpdate,
  SYNC_COMMITTEE_SIZE,
  type SyncCommittee,
} from './beaconObjects';
import { beaconHeaderRoot, executionHeaderRoot, isValidMerkleBranch, sameBytes, syncCommitteeRoot } from './sszRoots';
import { participantCount, syncAggregateVerifies } from './syncSignature';

/** Generalized indices in the beacon state (Electra added fields, so one level more). */
const STATE_GINDICES = {
  capella: { finalizedRoot: 105, currentSyncCommittee: 54, nextSyncCommittee: 55 },
  electra: { finalizedRoot: 169, currentSyncCommittee: 86, nextSyncCommittee: 87 },
};
/** The execution payload in the beacon block body, Capella to Fulu. */
const EXECUTION_PAYLOAD_GINDEX = 25;
const MIN_SYNC_COMMITTEE_PARTICIPANTS = 1;

/** What the light client knows: mutated only by `processUpdate`, after an update verifies. */
export type LightClientStore = {
  finalizedHeader: LightClientHeader;
  optimisticHeader: LightClientHeader;
  currentSyncCommittee: SyncCommittee;
  /** Known once an update of the store's period has proven it. */
  nextSyncCommittee: SyncCommittee | undefined;
  previousMaxActiveParticipants: number;
  currentMaxActiveParticipants: number;
};

const reject = (reason: string): never => {
  throw new BeaconDataRejected(reason);
};

const stateGindices = (chain: BeaconChain, slot: number) =>
  forkFrom(forkAt(chain, epochOf(slot)).fork, 'electra') ? STATE_GINDICES.electra : STATE_GINDICES.capella;

/** is_valid_light_client_header from Capella on: the execution header is in the beacon block's body. */
function assertValidHeader(chain: BeaconChain, header: LightClientHeader, role: string): void {
  const { fork } = forkAt(chain, epochOf(header.beacon.slot));
  if (!forkFrom(fork, 'capella')) reject(`the ${role} header is from before Capella`);
  const withBlobGas = forkFrom(fork, 'deneb');
  const blobGas = header.execution.blobGas;
  if (withBlobGas ? !blobGas : blobGas && (blobGas.used !== 0n || blobGas.excess !== 0n))
    reject(`the ${role} header's blob gas does not fit its fork`);
  const executionRoot = executionHeaderRoot(header.execution, withBlobGas);
  if (!isValidMerkleBranch(executionRoot, header.executionBranch, EXECUTION_PAYLOAD_GINDEX, header.beacon.bodyRoot))
    reject(`the ${role} header's execution branch does not verify`);
}

/**
 * The store a bootstrap starts, once its header is the block `trustedRoot` names and its sync
 * committee is proven by that block's state. Throws BeaconDataRejected.
 */
export function bootstrapStore(
  chain: BeaconChain,
  trustedRoot: Uint8Array,
  bootstrap: LightClientBootstrap,
): LightClientStore {
  const { header } = bootstrap;
  if (!sameBytes(beaconHeaderRoot(header.beacon), trustedRoot)) reject('its header is another block');
  assertValidHeader(chain, header, 'bootstrap');
  const committeeRoot = syncCommitteeRoot(bootstrap.currentSyncCommittee);
  const gindex = stateGindices(chain, header.beacon.slot).currentSyncCommittee;
  if (!isValidMerkleBranch(committeeRoot, bootstrap.currentSyncCommitteeBranch, gindex, header.beacon.stateRoot))
    reject('the current sync committee branch does not verify');
  return {
    finalizedHeader: header,
    optimisticHeader: header,
    currentSyncCommittee: bootstrap.currentSyncCommittee,
    nextSyncCommittee: undefined,
    previousMaxActiveParticipants: 0,
    currentMaxActiveParticipants: 0,
  };
}

const finalizedSlotOf = (update: LightClientUpdate) => update.finalized?.header.beacon.slot ?? 0;

/** Signed by at least two thirds of the sync committee: the bar for finality, and for trusting a count. */
const isSupermajority = (participants: number) => participants * 3 >= SYNC_COMMITTEE_SIZE * 2;

/**
 * get_safety_threshold: a head needs more signers than half the most seen in this period or the
 * last. The spec starts those counts at zero after a bootstrap, so until an update arrives one
 * signer would do, and a beacon API that withholds the period's updates could pass off a head
 * signed by a single member. Cairn counts the most seen only once it reaches two thirds of the
 * committee; before that no head is taken (undefined) and the finalized header stands.
 */
export function safetyThreshold(store: LightClientStore): number | undefined {
  const most = Math.max(store.previousMaxActiveParticipants, store.currentMaxActiveParticipants);
  return isSupermajority(most) ? Math.floor(most / 2) : undefined;
}

/** The update proves the committee of the period after the store's, which the store lacks. */
const bringsNextCommittee = (store: LightClientStore, update: LightClientUpdate) =>
  !store.nextSyncCommittee &&
  update.nextSyncCommittee !== undefined &&
  periodOf(update.attestedHeader.beacon.slot) === periodOf(store.finalizedHeader.beacon.slot);

/**
 * Whether the update could move the store: a newer header, or the next committee. One that cannot
 * (an older period's, a head already passed) is left unread, being stale rather than false.
 */
export function updateIsNews(store: LightClientStore, update: LightClientUpdate): boolean {
  if (periodOf(update.signatureSlot) < periodOf(store.finalizedHeader.beacon.slot)) return false;
  return update.attestedHeader.beacon.slot > store.finalizedHeader.beacon.slot || bringsNextCommittee(store, update);
}

/** validate_light_client_update. Throws BeaconDataRejected. */
function validateUpdate(chain: BeaconChain, store: LightClientStore, update: LightClientUpdate, currentSlot: number) {
  const participants = participantCount(update.syncAggregate.bits);
  if (participants < MIN_SYNC_COMMITTEE_PARTICIPANTS) reject('no member of the sync committee signed it');
  assertValidHeader(chain, update.attestedHeader, 'attested');
  const attested = update.attestedHeader.beacon;
  if (update.signatureSlot > currentSlot) reject(`it is signed in slot ${update.signatureSlot}, still to come`);
  if (!(update.signatureSlot > attested.slot && attested.slot >= finalizedSlotOf(update)))
    reject('its slots are out of order');

  const storePeriod = periodOf(store.finalizedHeader.beacon.slot);
  const signaturePeriod = periodOf(update.signatureSlot);
  const knownPeriods = store.nextSyncCommittee ? [storePeriod, storePeriod + 1] : [storePeriod];
  if (!knownPeriods.includes(signaturePeriod))
    reject(`it is signed in period ${signaturePeriod}, whose committee is not proven yet (period ${storePeriod})`);
  if (!updateIsNews(store, update)) reject('it brings nothing newer');

  const gindices = stateGindices(chain, attested.slot);
  if (update.finalized) {
    const { header, branch } = update.finalized;
    // The genesis block as finalized is a special case in the spec; no light client starts before it now.
    if (header.beacon.slot === 0) reject('its finalized header is the genesis block');
    assertValidHeader(chain, header, 'finalized');
    if (!isValidMerkleBranch(beaconHeaderRoot(header.beacon), branch, gindices.finalizedRoot, attested.stateRoot))
      reject('its finality branch does not verify');
  }
  if (update.nextSyncCommittee) {
    const { committee, branch } = update.nextSyncCommittee;
    const committeeRoot = syncCommitteeRoot(committee);
    const next = store.nextSyncCommittee;
    if (periodOf(attested.slot) === storePeriod && next && !sameBytes(committeeRoot, syncCommitteeRoot(next)))
      reject('its next sync committee differs from the one proven before');
    if (!isValidMerkleBranch(committeeRoot, branch, gindices.nextSyncCommittee, attested.stateRoot))
      reject('its next sync committee branch does not verify');
  }

  const committee = signaturePeriod === storePeriod ? store.currentSyncCommittee : store.nextSyncCommittee;
  const signed =
    committee &&
    syncAggregateVerifies(chain, committee, update.syncAggregate, beaconHeaderRoot(attested), update.signatureSlot);
  if (!signed)
    reject(`the sync committee's signature does not verify (${participants} of ${SYNC_COMMITTEE_SIZE} signers)`);
}

/** apply_light_client_update: take the finalized header, and the committees of its period. */
function applyUpdate(store: LightClientStore, update: LightClientUpdate): void {
  const storePeriod = periodOf(store.finalizedHeader.beacon.slot);
  const finalizedPeriod = periodOf(finalizedSlotOf(update));
  if (!store.nextSyncCommittee) {
    store.nextSyncCommittee = update.nextSyncCommittee?.committee;
  } else if (finalizedPeriod === storePeriod + 1) {
    store.currentSyncCommittee = store.nextSyncCommittee;
    store.nextSyncCommittee = update.nextSyncCommittee?.committee;
    store.previousMaxActiveParticipants = store.currentMaxActiveParticipants;
    store.currentMaxActiveParticipants = 0;
  }
  const finalized = update.finalized?.header;
  if (finalized && finalized.beacon.slot > store.finalizedHeader.beacon.slot) {
    store.finalizedHeader = finalized;
    if (finalized.beacon.slot > store.optimisticHeader.beacon.slot) store.optimisticHeader = finalized;
  }
}

/**
 * process_light_client_update: checks the update against the store and, if it verifies, moves the
 * store. A head signed by more than half the most signers seen (once two thirds have signed in the
 * store's period or the last) becomes the optimistic header; a finalized header signed by two
 * thirds of the committee becomes the finalized one.
 * Throws BeaconDataRejected (the store unchanged).
 */
export function processUpdate(
  chain: BeaconChain,
  store: LightClientStore,
  update: LightClientUpdate,
  currentSlot: number,
): void {
  validateUpdate(chain, store, update, currentSlot);
  const participants = participantCount(update.syncAggregate.bits);
  const finalizedNextCommittee =
    !store.nextSyncCommittee &&
    update.nextSyncCommittee !== undefined &&
    update.finalized !== undefined &&
    periodOf(finalizedSlotOf(update)) === periodOf(update.attestedHeader.beacon.slot);
  const finalizes =
    isSupermajority(participants) &&
    (finalizedSlotOf(update) > store.finalizedHeader.beacon.slot || finalizedNextCommittee);
  // apply_light_client_update's assertion, checked before anything changes.
  if (
    finalizes &&
    !store.nextSyncCommittee &&
    periodOf(finalizedSlotOf(update)) !== periodOf(store.finalizedHeader.beacon.slot)
  )
    reject('its finalized header skips a period');

  store.currentMaxActiveParticipants = Math.max(store.currentMaxActiveParticipants, participants);
  const threshold = safetyThreshold(store);
  if (
    threshold !== undefined &&
    participants > threshold &&
    update.attestedHeader.beacon.slot > store.optimisticHeader.beacon.slot
  )
    store.optimisticHeader = update.attestedHeader;
  if (finalizes) applyUpdate(store, update);
}
