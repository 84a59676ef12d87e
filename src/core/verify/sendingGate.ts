import type { Network } from '../chain/networks';
import { VerifyError } from '../errors/verify';
import { msg, untrustedValue } from '../i18n/message';
import { alarmOf, type VerificationAlarm } from './alarm';

/**
 * Whether an alarm holds sending: it stands, and the person has not acknowledged it. The one rule
 * for "sending is held", read by the gate below and by the screens that show the hold.
 */
export const holdsSending = (alarm: VerificationAlarm | undefined): boolean =>
  alarm !== undefined && !alarm.acknowledged;

/** The network a gate is asked about: its id names its alarm, its name goes into the sentence. */
export type GatedNetwork = Pick<Network, 'id' | 'name'>;

/**
 * Asked by everything that signs or broadcasts a transaction, before it does: throws
 * VERIFY_SENDING_HELD while sending on `network` is held, and returns otherwise.
 */
export type SendingGate = (network: GatedNetwork) => void;

/** VERIFY_SENDING_HELD: nothing was signed or sent, because sending on `network` is held. */
export const sendingHeldError = (network: GatedNetwork): VerifyError =>
  new VerifyError(
    'VERIFY_SENDING_HELD',
    msg('core.chain:verify.sendingHeld', { network: untrustedValue(network.name, 'name') }),
  );

/**
 * The gate over this window's alarms, which every window of the profile shares (lib/verify/
 * alarmSync.ts): a lie caught in one window holds sending in all of them. The transaction
 * service's submit (every signing path: Send, Swap, sites, Revoke, the smart-account upgrade and
 * undo, Safe confirm-on-chain and execute, speed-up, cancel, filling a nonce gap) and the
 * Broadcast tool's broadcastToNetwork ask it; sendingPaths.test.ts lists every path to the signer.
 *
 * Throws VERIFY_SENDING_HELD.
 */
export const sendingGate: SendingGate = (network) => {
  if (holdsSending(alarmOf(network))) throw sendingHeldError(network);
};
