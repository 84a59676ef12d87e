// The Ledger Ethereum app's status words (app-ethereum doc/ethapp.adoc and source, Ledger's
// device SDK), each turned into a DeviceError with a sentence saying what to do.
import { DeviceError, type DeviceErrorCode } from '../errors/device';
import { codeValue, type Message, msg } from '../i18n/message';

export const SW_OK = 0x9000;
/** INS 04: sign a transaction (6a80 there means the app will not blind-sign the data). */
export const INS_SIGN_TRANSACTION = 0x04;

const BY_WORD: ReadonlyMap<number, [DeviceErrorCode, Message]> = new Map([
  [0x6985, ['DEVICE_REJECTED', msg('core.devices:ledger.rejected')]],
  [0x5515, ['DEVICE_LOCKED', msg('core.devices:ledger.locked')]],
  [0x6982, ['DEVICE_LOCKED', msg('core.devices:ledger.locked')]],
  [0x6e00, ['DEVICE_APP_NOT_OPEN', msg('core.devices:ledger.openApp')]],
  [0x6d00, ['DEVICE_APP_NOT_OPEN', msg('core.devices:ledger.openAppOrOld')]],
  [0x6d02, ['DEVICE_APP_NOT_OPEN', msg('core.devices:ledger.openApp')]],
  [0x6511, ['DEVICE_APP_NOT_OPEN', msg('core.devices:ledger.openApp')]],
  [0x650f, ['DEVICE_APP_NOT_OPEN', msg('core.devices:ledger.openApp')]],
  [0x6901, ['DEVICE_BUSY', msg('core.devices:ledger.busy')]],
  [0x6a80, ['DEVICE_REFUSED', msg('core.devices:ledger.invalid')]],
  [0x6700, ['DEVICE_REFUSED', msg('core.devices:ledger.wrongLength')]],
  [0x6b00, ['DEVICE_REFUSED', msg('core.devices:ledger.wrongParameters')]],
]);

const hex = (word: number) => word.toString(16).padStart(4, '0');

/** The error for a status word other than 9000, given the instruction it answered. */
export function statusError(word: number, ins: number): DeviceError {
  if (word === 0x6a80 && ins === INS_SIGN_TRANSACTION)
    return new DeviceError('DEVICE_BLIND_SIGNING_OFF', msg('core.devices:ledger.blindSigningData'), {
      details: `status word ${hex(word)}`,
    });
  const known = BY_WORD.get(word);
  if (known) return new DeviceError(known[0], known[1], { details: `status word ${hex(word)}` });
  return new DeviceError('DEVICE_ANSWER', msg('core.devices:ledger.unknownStatus', { status: codeValue(hex(word)) }), {
    details: `status word ${hex(word)}`,
  });
}
