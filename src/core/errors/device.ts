import { CairnError } from './base';

export const DEVICE_ERROR_CODES = [
  'DEVICE_LOCKED',
  'DEVICE_APP_NOT_OPEN',
  'DEVICE_REJECTED',
  'DEVICE_BLIND_SIGNING_OFF',
  'DEVICE_BUSY',
  'DEVICE_DISCONNECTED',
  'DEVICE_REFUSED',
  'DEVICE_ANSWER',
  'DEVICE_CANCELLED',
  'DEVICE_CAMERA',
  'DEVICE_WRONG_APP',
  'DEVICE_UNSUPPORTED',
  'DEVICE_NOT_CHOSEN',
  'DEVICE_OTHER_ACCOUNT',
] as const;

export type DeviceErrorCode = (typeof DEVICE_ERROR_CODES)[number];

/** A hardware signer (Ledger) said no, or could not be reached. */
export class DeviceError extends CairnError<DeviceErrorCode> {
  override readonly name = 'DeviceError';
}
