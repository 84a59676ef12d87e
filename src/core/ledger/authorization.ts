// EIP-7702 authorizations signed by the Ledger Ethereum app, APDU E0 34 "SIGN EIP 7702
// AUTHORIZATION" (LedgerHQ/app-ethereum doc/ethapp.adoc and doc/tlv_structs.md "AUTH_7702", and the
// app's src/features/sign_authorization_eip7702, snapshot de180109). What the app does with it:
// - it exists from app 1.17.0 (older apps answer 6d00);
// - it signs only once the person has turned on its EIP-7702 setting ("Smart account upgrade",
//   "Smart accounts" on a Nano), and only for a delegate on the list built into the app; address
//   zero (undoing an upgrade) needs no list. MetaMask's delegator, Cairn's, is on the list of 1.18.0
//   to 1.19.3 only: 1.20.0 removed it (the app's CHANGELOG);
// - it shows the account, the delegate by the name on its list (not its address) and the network,
//   not the nonce; it answers the y parity (0/1, "use as is in EIP 7702"), r and s.
import { hexToBytes, isAddress } from 'viem';
import { DeviceError } from '../errors/device';
import { SmartAccountError } from '../errors/smartAccount';
import { msg } from '../i18n/message';
import type { AuthorizationToSign } from '../signing/keySigner';
import {
  appVersionAtLeast,
  type DeviceSignature,
  type Exchange,
  pathBytes,
  readSignature,
  sendToEthApp,
} from './ethApp';
import { INS_SIGN_AUTHORIZATION } from './statusWords';

/** The first Ethereum app version that signs authorizations (and set-code transactions, type 4). */
export const EIP7702_MIN_VERSION = [1, 17, 0] as const;
/** From this version on, a refusal before review is 6980 and 6985 is only the person's "reject". */
const DISTINCT_REFUSAL_VERSION = [1, 20, 0] as const;

/** P1: the first chunk carries the path and the struct's length; the app reads 00 as a following one. */
const P1_FIRST_CHUNK = 0x01;
const STRUCT_VERSION = 0x01;
const TAG = { version: 0x00, delegate: 0x01, chainId: 0x02, nonce: 0x03 } as const;

/** Whether this Ethereum app version (from getAppConfiguration) signs authorizations and type-4 transactions. */
export function signsEip7702(version: string): boolean {
  return appVersionAtLeast(version, EIP7702_MIN_VERSION);
}

/** A uint64 as the app reads it: big-endian, here always 8 bytes (it takes 1 to 8). */
function uint64(value: number, what: string): Uint8Array {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number ≥ 0`);
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(value));
  return out;
}

/** One field: tag, length, value. Every field here is shorter than 0x80, so both fit one byte. */
function field(tag: number, value: Uint8Array): Uint8Array {
  return Uint8Array.of(tag, value.length, ...value);
}

/** The AUTH_7702 struct: version 1, then the delegate (20 bytes), chain id and nonce (uint64). */
export function authorizationStruct(authorization: AuthorizationToSign): Uint8Array {
  const { address, chainId, nonce } = authorization;
  if (!isAddress(address, { strict: false })) throw new RangeError(`not an address: ${address}`);
  return Uint8Array.of(
    ...field(TAG.version, Uint8Array.of(STRUCT_VERSION)),
    ...field(TAG.delegate, hexToBytes(address)),
    ...field(TAG.chainId, uint64(chainId, 'the chain id')),
    ...field(TAG.nonce, uint64(nonce, 'the nonce')),
  );
}

/**
 * The one APDU that asks for `authorization` signed with the key at `path`: E0 34 01 00, then the
 * path, the struct's length (2 bytes, big-endian) and the struct. At most 88 bytes of data (a
 * 10-level path), so it never needs the following chunks the app also takes.
 */
export function authorizationApdu(path: string, authorization: AuthorizationToSign): Uint8Array {
  const struct = authorizationStruct(authorization);
  const data = Uint8Array.of(...pathBytes(path), struct.length >> 8, struct.length & 0xff, ...struct);
  return Uint8Array.of(0xe0, INS_SIGN_AUTHORIZATION, P1_FIRST_CHUNK, 0x00, data.length, ...data);
}

/**
 * Asks the Ethereum app (version `appVersion`, from getAppConfiguration) to sign `authorization`
 * with the key at `path`; the person reviews it on the Ledger. The signature is the device's word:
 * the caller checks it recovers to the account. Throws DEVICE_REFUSED for an app too old to sign
 * authorizations (before asking, or on its 6d00), SMART_SIGNER_CANNOT when the app refuses it (its
 * EIP-7702 setting off, or the delegate not on Ledger's list; on apps before 1.20.0 that answer is
 * also the person's "reject", and the sentence says both), DEVICE_REJECTED when the person rejects
 * it on 1.20.0 or later, DEVICE_ANSWER for an answer Cairn cannot read, and the other errors of
 * sendToEthApp.
 */
export async function signLedgerAuthorization(
  exchange: Exchange,
  path: string,
  authorization: AuthorizationToSign,
  appVersion: string,
): Promise<DeviceSignature> {
  if (!signsEip7702(appVersion))
    throw new DeviceError('DEVICE_REFUSED', msg('core.devices:ledger.tooOldForAuthorization'), {
      details: `Ethereum app ${appVersion}`,
    });
  const apdu = authorizationApdu(path, authorization);
  let answer: Uint8Array;
  try {
    answer = await sendToEthApp(exchange, apdu[1] as number, apdu[2] as number, apdu[3] as number, apdu.subarray(5));
  } catch (error) {
    if (
      error instanceof DeviceError &&
      error.code === 'DEVICE_REJECTED' &&
      !appVersionAtLeast(appVersion, DISTINCT_REFUSAL_VERSION)
    )
      throw new SmartAccountError('SMART_SIGNER_CANNOT', msg('core.devices:ledger.authorizationDeclined'), {
        details: `${error.details ?? ''}, Ethereum app ${appVersion}`,
        cause: error,
      });
    throw error;
  }
  const { v, r, s } = readSignature(answer);
  if (v > 1) throw new DeviceError('DEVICE_ANSWER', msg('core.devices:ledger.recoveryUnreadable'));
  return { r, s, yParity: v as 0 | 1 };
}
