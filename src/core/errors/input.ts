import { CairnError } from './base';

export const INPUT_ERROR_CODES = [
  'INPUT_FILE_TOO_LARGE',
  'INPUT_FILE_UNREADABLE',
  'INPUT_MISMATCH',
  'INPUT_REQUIRED',
  'INPUT_AMOUNT',
  'INPUT_GAS_LIMIT',
  'INPUT_FEE',
  'INPUT_NONCE',
  'INPUT_DATA',
  'INPUT_RECIPIENT',
  'INPUT_ABI',
  'INPUT_MESSAGE',
  'INPUT_TYPED_DATA',
  'INPUT_SIGNATURE',
  'INPUT_ABI_VALUE',
  'INPUT_CALLDATA',
  'INPUT_RAW_TX',
  'INPUT_UNSIGNED_TX',
  'INPUT_QR',
  'INPUT_SLIPPAGE',
  'INPUT_DEADLINE',
] as const;

export type InputErrorCode = (typeof INPUT_ERROR_CODES)[number];

/** Something a person typed or chose that Cairn cannot use, with the reason. */
export class InputError extends CairnError<InputErrorCode> {
  override readonly name = 'InputError';
}
