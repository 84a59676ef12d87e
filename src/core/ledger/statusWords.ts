// The Ledger Ethereum app's status words (app-ethereum doc/ethapp.adoc and source, Ledger's
// device SDK), each turned into a DeviceError with a sentence saying what to do (a
// SmartAccountError where the app refuses to sign an authorization at all).
import { DeviceError, type DeviceErrorCode } from '../errors/device';
import { SmartAccountError } from '../errors/smartAccount';
import { codeValue, type Message, msg } from '../i18n/message';

export const SW_OK = 0x9000;
/** INS 04: sign a transaction (6a80 there means the app will not blind-sign the data). */
export const INS_SIGN_TRANSACTION = 0x04;
/**
 * INS 34: sign an EIP-7702 authorization (app 1.17.0 and later; older apps answer 6d00). From
 * 1.20.0 the app answers 6980 when it will not show the request at all (its EIP-7702 setting is
 * off, or the delegate is not on Ledger's list) and keeps 6985 for the person's "reject"; 1.17 to
 * 1.19 answered 6985 for both (authorization.ts tells them apart by version).
 */
export const INS_SIGN_AUTHORIZATION = 0x34;

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
export function statusError(word: number, ins: number): DeviceError | SmartAccountError {
  const details = `status word ${hex(word)}`;
  if (word === 0x6a80 && ins === INS_SIGN_TRANSACTION)
    return new DeviceError('DEVICE_BLIND_SIGNING_OFF', msg('core.devices:ledger.blindSigningData'), { details });
  // "TransactionType not supported": an app older than 1.17.0 given a set-code transaction (type 4).
  if (word === 0x6501 && ins === INS_SIGN_TRANSACTION)
    return new DeviceError('DEVICE_REFUSED', msg('core.devices:ledger.transactionTypeUnknown'), { details });
  if (word === 0x6980 && ins === INS_SIGN_AUTHORIZATION)
    return new SmartAccountError('SMART_SIGNER_CANNOT', msg('core.devices:ledger.authorizationRefused'), { details });
  if (word === 0x6d00 && ins === INS_SIGN_AUTHORIZATION)
    return new DeviceError('DEVICE_REFUSED', msg('core.devices:ledger.tooOldForAuthorization'), { details });
  const known = BY_WORD.get(word);
  if (known) return new DeviceError(known[0], known[1], { details });
  return new DeviceError('DEVICE_ANSWER', msg('core.devices:ledger.unknownStatus', { status: codeValue(hex(word)) }), {
    details,
  });
}
