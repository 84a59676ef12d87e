// The Ledger Ethereum app's status words (app-ethereum doc/ethapp.adoc and source, Ledger's
// device SDK), each turned into a DeviceError with a sentence saying what to do.
import { DeviceError, type DeviceErrorCode } from '../errors/device';

export const SW_OK = 0x9000;
/** INS 04: sign a transaction (6a80 there means the app will not blind-sign the data). */
export const INS_SIGN_TRANSACTION = 0x04;

const BY_WORD: ReadonlyMap<number, [DeviceErrorCode, string]> = new Map([
  [0x6985, ['DEVICE_REJECTED', 'You declined on the Ledger: nothing was signed.']],
  [0x5515, ['DEVICE_LOCKED', 'The Ledger is locked: unlock it with its PIN, open the Ethereum app, then try again.']],
  [0x6982, ['DEVICE_LOCKED', 'The Ledger is locked: unlock it with its PIN, open the Ethereum app, then try again.']],
  [0x6e00, ['DEVICE_APP_NOT_OPEN', 'Open the Ethereum app on the Ledger (it shows another app or its dashboard).']],
  [
    0x6d00,
    [
      'DEVICE_APP_NOT_OPEN',
      'Open the Ethereum app on the Ledger (it shows another app, or its Ethereum app is too old).',
    ],
  ],
  [0x6d02, ['DEVICE_APP_NOT_OPEN', 'Open the Ethereum app on the Ledger (it shows another app or its dashboard).']],
  [0x6511, ['DEVICE_APP_NOT_OPEN', 'Open the Ethereum app on the Ledger (it shows another app or its dashboard).']],
  [0x650f, ['DEVICE_APP_NOT_OPEN', 'Open the Ethereum app on the Ledger (it shows another app or its dashboard).']],
  [0x6901, ['DEVICE_BUSY', 'The Ledger is showing a screen of its own: finish or leave it, then try again.']],
  [0x6a80, ['DEVICE_REFUSED', 'The Ethereum app refused the request as invalid.']],
  [0x6700, ['DEVICE_REFUSED', 'The Ethereum app refused the request (wrong length): update the app and try again.']],
  [
    0x6b00,
    ['DEVICE_REFUSED', 'The Ethereum app refused the request (wrong parameters): update the app and try again.'],
  ],
]);

const hex = (word: number) => word.toString(16).padStart(4, '0');

/** The error for a status word other than 9000, given the instruction it answered. */
export function statusError(word: number, ins: number): DeviceError {
  if (word === 0x6a80 && ins === INS_SIGN_TRANSACTION)
    return new DeviceError(
      'DEVICE_BLIND_SIGNING_OFF',
      'The Ethereum app will not sign this transaction’s data blind: turn on Blind signing in the app’s settings on the Ledger, compare what it shows with Cairn’s review, then try again.',
      { details: `status word ${hex(word)}` },
    );
  const known = BY_WORD.get(word);
  if (known) return new DeviceError(known[0], known[1], { details: `status word ${hex(word)}` });
  return new DeviceError('DEVICE_ANSWER', `The Ledger answered with status ${hex(word)}, which Cairn does not know.`, {
    details: `status word ${hex(word)}`,
  });
}
