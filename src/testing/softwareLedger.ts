// A Ledger running the Ethereum app, in software, for tests: written from the app's APDU
// specification (LedgerHQ/app-ethereum doc/ethapp.adoc), not from any device's code. It holds
// its own seed, answers the OS's app-and-version query, the app's configuration, addresses,
// transactions in chunks, personal messages and EIP-712 by hashes, and can be told to refuse
// (declined on the device), to run another app, or to sign with another key.
import { secp256k1 } from '@noble/curves/secp256k1';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bytesToHex, concat, fromRlp, type Hex, hexToBytes, keccak256, numberToHex, toHex } from 'viem';
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

export function createSoftwareLedger(phrase = DEMO_MNEMONIC, appVersion = '1.9.18') {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(phrase));
  const other = HDKey.fromMasterSeed(
    mnemonicToSeedSync('legal winner thank year wave sausage worth useful legal winner thank yellow'),
  );
  let mood: LedgerMood = 'fine';
  /** Off, as the app ships. */
  let blindSigning = false;
  let pending: { ins: number; path: string; data: Uint8Array; length?: number } | undefined;
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
    if (ins === 0x04 || ins === 0x08) {
      if (p1 === 0x00) {
        const { path, rest } = readPath(data);
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
  };
}
