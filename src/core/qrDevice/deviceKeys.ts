// The keys a QR signing device shows for import (ERC-4527): one crypto-hdkey (an extended public
// key at an account path, whose children are the addresses) or a crypto-account (several keys,
// one per account, as Ledger Live's paths give). Only public keys: Cairn derives the addresses.
import { secp256k1 } from '@noble/curves/secp256k1';
import { HDKey } from '@scure/bip32';
import { type Address, toHex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { InputError } from '../errors/input';
import { codeValue, type Message, msg } from '../i18n/message';
import { CborTag, type CborValue, decodeCbor } from '../ur/cbor';
import type { Ur } from '../ur/ur';
import { HARDENED, type KeyPath, pathText, readKeyPath } from './keypath';

export const TAG_HDKEY = 303;
export const TAG_HDKEY_V2 = 40303;
const TAG_OUTPUT = 308;
const TAG_OUTPUT_V2 = 40308;
/** Script expressions a crypto-output may wrap its key in (BCR-2020-010); Ethereum keys come bare. */
const SCRIPT_TAGS = new Set([400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410]);

export type DeviceKey = {
  /** Compressed secp256k1 public key. */
  publicKey: Uint8Array;
  chainCode?: Uint8Array;
  /** Where the key sits, from the master key whose fingerprint it names. */
  origin: KeyPath;
  name?: string;
  note?: string;
};

/** What a device offers: derive addresses below one key, or take each key as one account. */
export type DeviceAccounts =
  | {
      kind: 'extendedKey';
      masterFingerprint: number;
      key: DeviceKey & { chainCode: Uint8Array };
      childPath: '0/{i}' | '{i}';
      name?: string;
    }
  | { kind: 'accountKeys'; masterFingerprint: number; keys: DeviceKey[]; name?: string };

const refuse = (reason: Message) => new InputError('INPUT_QR', msg('core.devices:qrKey.refused', { reason }));

function readHdKey(value: CborValue): DeviceKey {
  const map = value instanceof CborTag ? value.value : value;
  if (value instanceof CborTag && value.tag !== TAG_HDKEY && value.tag !== TAG_HDKEY_V2)
    throw refuse(msg('core.devices:qrKey.tagNotHdKey', { tag: codeValue(String(value.tag)) }));
  if (!(map instanceof Map)) throw refuse(msg('core.devices:qrKey.notMap'));
  if (map.get(2) === true) throw refuse(msg('core.devices:qrKey.privateKey'));
  const publicKey = map.get(3);
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== 33 || (publicKey[0] !== 2 && publicKey[0] !== 3))
    throw refuse(msg('core.devices:qrKey.notCompressed'));
  try {
    secp256k1.ProjectivePoint.fromHex(publicKey).assertValidity();
  } catch {
    throw refuse(msg('core.devices:qrKey.notOnCurve'));
  }
  const chainCode = map.get(4);
  if (chainCode !== undefined && (!(chainCode instanceof Uint8Array) || chainCode.length !== 32))
    throw refuse(msg('core.devices:qrKey.chainCodeSize'));
  const origin = map.get(6);
  if (origin === undefined) throw refuse(msg('core.devices:qrKey.noOrigin'));
  const key: DeviceKey = { publicKey, origin: readKeyPath(origin) };
  if (chainCode instanceof Uint8Array) key.chainCode = chainCode;
  const name = map.get(9);
  if (typeof name === 'string') key.name = name;
  const note = map.get(10);
  if (typeof note === 'string') key.note = note;
  return key;
}

/** Ethereum keys sit under m/44'/60' (SLIP-44 coin type 60), whichever path style the device uses. */
function assertEthereum(key: DeviceKey): void {
  const [purpose, coin] = key.origin.components;
  if (purpose !== 44 + HARDENED || coin !== 60 + HARDENED)
    throw refuse(
      msg('core.devices:qrKey.notEthereum', {
        path: codeValue(pathText(key.origin)),
        expected: codeValue("m/44'/60'/…"),
      }),
    );
}

function fingerprintOf(key: DeviceKey): number {
  const fingerprint = key.origin.sourceFingerprint;
  if (fingerprint === undefined || fingerprint === 0) throw refuse(msg('core.devices:qrKey.noFingerprint'));
  return fingerprint;
}

/** Peels a crypto-output (and any script expression) down to its HD key. */
function outputKey(value: CborValue): DeviceKey {
  let item = value;
  while (
    item instanceof CborTag &&
    (item.tag === TAG_OUTPUT || item.tag === TAG_OUTPUT_V2 || SCRIPT_TAGS.has(item.tag))
  )
    item = item.value;
  return readHdKey(item);
}

/** Reads a scanned `crypto-hdkey` or `crypto-account` (or their newer names `hdkey`, `account-descriptor`). Throws INPUT_QR naming the problem. */
export function readDeviceAccounts({ type, cbor }: Ur): DeviceAccounts {
  const value = decodeCbor(cbor);
  if (type === 'crypto-hdkey' || type === 'hdkey') {
    const key = readHdKey(value);
    assertEthereum(key);
    if (!key.chainCode) throw refuse(msg('core.devices:qrKey.noChainCode'));
    const accounts: DeviceAccounts = {
      kind: 'extendedKey',
      masterFingerprint: fingerprintOf(key),
      key: { ...key, chainCode: key.chainCode },
      childPath: key.note === 'account.ledger_legacy' ? '{i}' : '0/{i}',
    };
    if (key.name) accounts.name = key.name;
    return accounts;
  }
  if (type === 'crypto-account' || type === 'account-descriptor') {
    if (!(value instanceof Map)) throw refuse(msg('core.devices:qrKey.accountNotMap'));
    const masterFingerprint = value.get(1);
    const outputs = value.get(2);
    if (typeof masterFingerprint !== 'number' || !Number.isInteger(masterFingerprint) || masterFingerprint <= 0)
      throw refuse(msg('core.devices:qrKey.noFingerprint'));
    if (!Array.isArray(outputs) || outputs.length === 0) throw refuse(msg('core.devices:qrKey.noKeys'));
    const keys = outputs.map(outputKey);
    keys.forEach(assertEthereum);
    if (
      keys.some(
        (key) => key.origin.sourceFingerprint !== undefined && key.origin.sourceFingerprint !== masterFingerprint,
      )
    )
      throw refuse(msg('core.devices:qrKey.mixedMasters'));
    const accounts: DeviceAccounts = { kind: 'accountKeys', masterFingerprint, keys };
    const name = keys.find((key) => key.name)?.name;
    if (name) accounts.name = name;
    return accounts;
  }
  throw refuse(msg('core.devices:qrKey.notAccountExport', { type: codeValue(type) }));
}

export type DeviceAddress = { index: number; path: string; address: Address };

const addressOfKey = (publicKey: Uint8Array): Address =>
  publicKeyToAddress(toHex(secp256k1.ProjectivePoint.fromHex(publicKey).toRawBytes(false)));

/** Addresses `from` … `from + count − 1` the device's keys stand for, with their full paths. */
export function deviceAddresses(accounts: DeviceAccounts, from: number, count: number): DeviceAddress[] {
  if (accounts.kind === 'accountKeys')
    return accounts.keys
      .slice(from, from + count)
      .map((key, k) => ({ index: from + k, path: pathText(key.origin), address: addressOfKey(key.publicKey) }));
  const { key, childPath } = accounts;
  const parent = new HDKey({ publicKey: key.publicKey, chainCode: key.chainCode });
  const base = pathText(key.origin);
  return Array.from({ length: count }, (_, k) => {
    const index = from + k;
    const relative = childPath.replace('{i}', String(index));
    const child = parent.derive(`m/${relative}`);
    if (!child.publicKey) throw new Error('derived key has no public key');
    return { index, path: `${base}/${relative}`, address: addressOfKey(child.publicKey) };
  });
}
