// A Ledger running the Ethereum app, in software, for tests: written from the app's APDU
// specification (LedgerHQ/app-ethereum doc/ethapp.adoc), not from any device's code. It holds
// its own seed, answers the OS's app-and-version query, the app's configuration, addresses,
// transactions in chunks, personal messages, EIP-712 by hashes and EIP-7702 authorizations (E0 34,
// as versions 1.17.0 and later do: only with its EIP-7702 setting on, and only for a delegate on
// its version's list), and can be told to refuse (declined on the device), to run another app, or
// to sign with another key.
import { secp256k1 } from '@noble/curves/secp256k1';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import {
  type Address,
  bytesToHex,
  concat,
  fromRlp,
  getAddress,
  type Hex,
  hexToBytes,
  keccak256,
  numberToHex,
  toHex,
  toRlp,
  zeroAddress,
} from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { DEMO_MNEMONIC } from '@/core/chain/localChain';

/** otherData: signs something other than what it was sent (the transaction with a byte added). */
export type LedgerMood = 'fine' | 'declines' | 'dashboard' | 'bitcoin' | 'otherKey' | 'otherData' | 'locked';

const ok = (data: Uint8Array | number[] = []) => Uint8Array.of(...data, 0x90, 0x00);
const status = (word: number) => Uint8Array.of(word >> 8, word & 0xff);

function readPath(data: Uint8Array): { path: string; rest: Uint8Array } {
  const count = data[0] ?? 0;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const parts = Array.from({ length: count }, (_, i) => {
    const index = view.getUint32(1 + i * 4);
    return index >= 0x80000000 ? `${index - 0x80000000}'` : String(index);
  });
  return { path: `m/${parts.join('/')}`, rest: data.subarray(1 + count * 4) };
}

/** Whether `raw` (type ‖ RLP, or RLP) is a whole transaction: its outer list is complete. */
function wholeTransaction(raw: Uint8Array): boolean {
  const body = (raw[0] ?? 0) < 0xc0 ? raw.subarray(1) : raw;
  try {
    fromRlp(body, 'bytes');
    return true;
  } catch {
    return false;
  }
}

/** Whether `version` ("1.19.3") is `least` or later. */
function atLeast(version: string, least: [number, number, number]): boolean {
  const parts = version.split('.').map(Number);
  for (const [i, wanted] of least.entries()) if ((parts[i] ?? 0) !== wanted) return (parts[i] ?? 0) > wanted;
  return true;
}

/**
 * The delegates an app version signs authorizations for, on every chain (app-ethereum
 * whitelist_7702.c at each release): Simple7702Account from 1.17.0; MetaMask's Delegation Manager
 * in 1.17.0 only; MetaMask's EIP-7702 delegator ("MetaMask Gator") from 1.18.0 until 1.20.0.
 */
export function listedDelegates(version: string): Address[] {
  const listed: Address[] = ['0x4Cd241E8d1510e30b2076397afc7508Ae59C66c9'];
  if (!atLeast(version, [1, 18, 0])) listed.push('0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3');
  else if (!atLeast(version, [1, 20, 0])) listed.push('0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B');
  return listed;
}

/** The AUTH_7702 struct's fields (tag → value), or undefined when it is not well formed. */
function readStruct(data: Uint8Array): Map<number, Uint8Array> | undefined {
  const length = ((data[0] ?? 0) << 8) | (data[1] ?? 0);
  const struct = data.subarray(2);
  if (length === 0 || struct.length !== length) return undefined;
  const fields = new Map<number, Uint8Array>();
  for (let at = 0; at < struct.length; ) {
    const tag = struct[at] as number;
    const size = struct[at + 1];
    if (size === undefined || size >= 0x80 || at + 2 + size > struct.length || fields.has(tag)) return undefined;
    fields.set(tag, struct.subarray(at + 2, at + 2 + size));
    at += 2 + size;
  }
  const ok = [0, 1, 2, 3].every((tag) => fields.has(tag));
  const sizes = fields.get(0)?.length === 1 && fields.get(1)?.length === 20;
  const numbers = (fields.get(2)?.length ?? 9) <= 8 && (fields.get(3)?.length ?? 9) <= 8;
  return ok && sizes && numbers && fields.get(0)?.[0] === 1 ? fields : undefined;
}

const uint = (bytes: Uint8Array) => bytes.reduce((sum, byte) => sum * 256n + BigInt(byte), 0n);
/** A number as RLP takes it: big-endian, no leading zero, zero as no bytes. */
const rlpNumber = (value: bigint): Hex => (value === 0n ? '0x' : numberToHex(value));

export function createSoftwareLedger(phrase = DEMO_MNEMONIC, appVersion = '1.9.18') {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(phrase));
  const other = HDKey.fromMasterSeed(
    mnemonicToSeedSync('legal winner thank year wave sausage worth useful legal winner thank yellow'),
  );
  let mood: LedgerMood = 'fine';
  /** Off, as the app ships. */
  let blindSigning = false;
  let pending: { ins: number; path: string; data: Uint8Array; length?: number } | undefined;
  /** The app's EIP-7702 setting: off, as the app ships. */
  let eip7702 = false;
  let delegates = listedDelegates(appVersion);
  const seen: string[] = [];

  const keyAt = (path: string) => (mood === 'otherKey' ? other : root).derive(path).privateKey as Uint8Array;
  const sign = (hash: Hex, path: string) => secp256k1.sign(hash.slice(2), keyAt(path), { lowS: true });
  const rs = (signature: ReturnType<typeof sign>) => [
    ...hexToBytes(numberToHex(signature.r, { size: 32 })),
    ...hexToBytes(numberToHex(signature.s, { size: 32 })),
  ];

  function signTransaction(path: string, raw: Uint8Array): Uint8Array {
    const signature = sign(keccak256(mood === 'otherData' ? concat([raw, Uint8Array.of(0)]) : raw), path);
    const parity = signature.recovery as number;
    let v = parity;
    if ((raw[0] ?? 0) >= 0xc0) {
      const items = fromRlp(raw, 'hex') as Hex[];
      const chainId = items.length > 6 ? BigInt(items[6] === '0x' ? 0 : (items[6] as Hex)) : 0n;
      v = Number((chainId > 0n ? chainId * 2n + 35n : 27n) + BigInt(parity)) & 0xff;
    }
    return ok([v, ...rs(signature)]);
  }

  /** E0 34: refused before review (setting off, delegate not listed), else signed as reviewed. */
  function signAuthorization(data: Uint8Array): Uint8Array {
    const { path, rest } = readPath(data);
    const fields = readStruct(rest);
    if (!fields) return status(0x6a80);
    // 1.20.0 and later answer 6980 for a refusal before review; before, 6985 as for the person's "reject".
    const refused = status(atLeast(appVersion, [1, 20, 0]) ? 0x6980 : 0x6985);
    const delegate = getAddress(bytesToHex(fields.get(1) as Uint8Array));
    const chainId = uint(fields.get(2) as Uint8Array);
    const nonce = uint(fields.get(3) as Uint8Array);
    if (!eip7702) return refused;
    if (delegate !== zeroAddress && !delegates.includes(delegate)) return refused;
    if (mood === 'declines') return status(0x6985);
    const signed = mood === 'otherData' ? nonce + 1n : nonce;
    // EIP-7702: keccak256(0x05 ‖ rlp([chain_id, address, nonce])).
    const hash = keccak256(concat(['0x05', toRlp([rlpNumber(chainId), delegate, rlpNumber(signed)])]));
    const signature = sign(hash, path);
    return ok([signature.recovery as number, ...rs(signature)]);
  }

  async function exchange(apdu: Uint8Array): Promise<Uint8Array> {
    const [cla, ins, p1, p2] = apdu;
    const data = apdu.subarray(5, 5 + (apdu[4] ?? 0));
    seen.push(bytesToHex(apdu));
    if (cla === 0xb0 && ins === 0x01) {
      const name = new TextEncoder().encode(
        mood === 'dashboard' ? 'BOLOS' : mood === 'bitcoin' ? 'Bitcoin' : 'Ethereum',
      );
      const version = new TextEncoder().encode(appVersion);
      return ok([1, name.length, ...name, version.length, ...version, 1, 0]);
    }
    if (mood === 'locked') return status(0x5515);
    if (mood === 'dashboard' || mood === 'bitcoin') return status(0x6e00);
    if (cla !== 0xe0) return status(0x6e00);
    if (ins === 0x06) return ok([blindSigning ? 0x01 : 0x00, ...appVersion.split('.').map(Number)]);
    if (ins === 0x02) {
      const { path } = readPath(data);
      const key = root.derive(path);
      const publicKey = secp256k1.ProjectivePoint.fromHex(key.publicKey as Uint8Array).toRawBytes(false);
      const address = new TextEncoder().encode(publicKeyToAddress(toHex(publicKey)).slice(2));
      const chainCode = p2 === 1 ? [...(key.chainCode as Uint8Array)] : [];
      return ok([65, ...publicKey, 40, ...address, ...chainCode]);
    }
    if (ins === 0x34 && atLeast(appVersion, [1, 17, 0])) return p1 === 0x01 ? signAuthorization(data) : status(0x6a80);
    if (ins === 0x04 || ins === 0x08) {
      if (p1 === 0x00) {
        const { path, rest } = readPath(data);
        // Older apps know no set-code transaction: "TransactionType not supported".
        if (ins === 0x04 && rest[0] === 0x04 && !atLeast(appVersion, [1, 17, 0])) return status(0x6501);
        if (ins === 0x08) {
          const length = new DataView(rest.buffer, rest.byteOffset).getUint32(0);
          pending = { ins, path, data: rest.subarray(4), length };
        } else pending = { ins, path, data: rest };
      } else if (pending?.ins === ins) pending = { ...pending, data: concat([pending.data, data]) };
      else return status(0x6a80);
      const whole =
        pending.ins === 0x08 ? pending.data.length >= (pending.length ?? 0) : wholeTransaction(pending.data);
      if (!whole) return ok();
      const done = pending;
      pending = undefined;
      if (mood === 'declines') return status(0x6985);
      if (done.ins === 0x04) return signTransaction(done.path, done.data);
      const prefix = new TextEncoder().encode(`\x19Ethereum Signed Message:\n${done.data.length}`);
      const signature = sign(keccak256(concat([prefix, done.data])), done.path);
      return ok([27 + (signature.recovery as number), ...rs(signature)]);
    }
    if (ins === 0x0c && p2 === 0x00) {
      const { path, rest } = readPath(data);
      if (mood === 'declines') return status(0x6985);
      const hash = keccak256(concat([Uint8Array.of(0x19, 0x01), rest.subarray(0, 32), rest.subarray(32, 64)]));
      const signature = sign(hash, path);
      return ok([27 + (signature.recovery as number), ...rs(signature)]);
    }
    return status(0x6d00);
  }

  return {
    exchange,
    /** Every APDU received, as hex. */
    seen,
    setMood(next: LedgerMood) {
      mood = next;
    },
    setBlindSigning(on: boolean) {
      blindSigning = on;
    },
    /** Turns the app's EIP-7702 setting ("Smart account upgrade") on or off. */
    setEip7702(on: boolean) {
      eip7702 = on;
    },
    /** Replaces the delegates this app signs authorizations for (by default, its version's). */
    setDelegates(list: Address[]) {
      delegates = list.map((address) => getAddress(address));
    },
  };
}
