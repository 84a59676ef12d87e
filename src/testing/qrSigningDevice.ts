// A QR signing device for tests, built from ERC-4527 and BCR-2020-007 rather than from any
// device's code: it holds its own seed, shows its account key as a crypto-hdkey, and answers an
// eth-sign-request with an eth-signature, as Keystone-like devices do. It can be told to
// misbehave (sign with another key, sign other data, answer another request).
import { secp256k1 } from '@noble/curves/secp256k1';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bytesToHex, type Hex, hashMessage, hashTypedData, keccak256 } from 'viem';
import { DATA_TYPE, encodeEthSignature, readEthSignRequest } from '@/core/qrDevice/ethRequests';
import { keyPathCbor, parsePathText, pathText, TAG_KEYPATH } from '@/core/qrDevice/keypath';
import { CborTag, type CborValue, encodeCbor } from '@/core/ur/cbor';
import { type Ur, UrDecoder, UrEncoder } from '@/core/ur/ur';

export const DEVICE_PHRASE = 'test test test test test test test test test test test junk';
const ACCOUNT_PATH = "m/44'/60'/0'";

/** highS: the same signature in its high-s form (valid, but refused by nodes unless normalised). */
export type Misbehaviour = 'none' | 'otherKey' | 'otherData' | 'otherRequest' | 'highS';

/** The typed data a request carries; `alter` signs another domain name instead. */
function typedData(signData: Uint8Array, alter: boolean) {
  const parsed = JSON.parse(new TextDecoder().decode(signData));
  if (alter) parsed.domain = { ...parsed.domain, name: `${parsed.domain?.name ?? ''} (altered)` };
  return parsed;
}

export function createQrSigningDevice(phrase = DEVICE_PHRASE) {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(phrase));
  const account = root.derive(ACCOUNT_PATH);
  const other = HDKey.fromMasterSeed(
    mnemonicToSeedSync('legal winner thank year wave sausage worth useful legal winner thank yellow'),
  );

  /** The crypto-hdkey a device shows to connect: the account key, its path and the master fingerprint. */
  function accountExport(note = 'account.standard'): Ur {
    const map = new Map<CborValue, CborValue>([
      [2, false],
      [3, account.publicKey as Uint8Array],
      [4, account.chainCode as Uint8Array],
      [5, new CborTag(305, new Map<CborValue, CborValue>([[1, 60]]))],
      [
        6,
        new CborTag(
          TAG_KEYPATH,
          keyPathCbor({ components: parsePathText(ACCOUNT_PATH), sourceFingerprint: root.fingerprint, depth: 3 }),
        ),
      ],
      [8, account.parentFingerprint],
      [9, 'Test device'],
      [10, note],
    ]);
    return { type: 'crypto-hdkey', cbor: encodeCbor(map) };
  }

  /** Reads an eth-sign-request from the frames shown to it and signs what it asks, as told. */
  function answer(frames: readonly string[], misbehave: Misbehaviour = 'none'): Ur {
    const decoder = new UrDecoder();
    for (const frame of frames) if (!decoder.result()) decoder.receive(frame);
    const ur = decoder.result();
    if (!ur) throw new Error('the device has not seen the whole request');
    const request = readEthSignRequest(ur);
    if (request.path.sourceFingerprint !== root.fingerprint) throw new Error('not this device’s key');
    const key = (misbehave === 'otherKey' ? other : root).derive(pathText(request.path)).privateKey as Uint8Array;
    const data = misbehave === 'otherData' ? Uint8Array.of(...request.signData, 0) : request.signData;
    const hash: Hex =
      request.dataType === DATA_TYPE.personalMessage
        ? hashMessage({ raw: data })
        : request.dataType === DATA_TYPE.typedData
          ? hashTypedData(typedData(request.signData, misbehave === 'otherData'))
          : keccak256(data);
    const lowS = secp256k1.sign(hash.slice(2), key, { lowS: true });
    const signature =
      misbehave === 'highS'
        ? new secp256k1.Signature(lowS.r, secp256k1.CURVE.n - lowS.s).addRecoveryBit(lowS.recovery ^ 1)
        : lowS;
    const v =
      request.dataType === DATA_TYPE.legacyTransaction
        ? BigInt((request.chainId ?? 0) * 2 + 35 + (signature.recovery as number))
        : request.dataType === DATA_TYPE.typedTransaction
          ? BigInt(signature.recovery as number)
          : BigInt(27 + (signature.recovery as number));
    const vBytes = v.toString(16).padStart(2, '0');
    const bytes = Uint8Array.from(
      (signature.toCompactHex() + (vBytes.length % 2 ? `0${vBytes}` : vBytes)).match(/../g) ?? [],
      (h) => Number.parseInt(h, 16),
    );
    const requestId = misbehave === 'otherRequest' ? request.requestId.map((b) => b ^ 0xff) : request.requestId;
    return encodeEthSignature({ requestId, signature: bytes, origin: 'test device' });
  }

  /** The frames the device shows for `ur` (animated when long). */
  function frames(ur: Ur, count: number, maxFragmentLen = 200): string[] {
    const encoder = new UrEncoder(ur, maxFragmentLen);
    return Array.from({ length: count }, () => encoder.nextPart());
  }

  return {
    fingerprint: root.fingerprint,
    accountExport,
    answer,
    frames,
    keyAt: (path: string) => bytesToHex(root.derive(path).privateKey as Uint8Array),
  };
}
