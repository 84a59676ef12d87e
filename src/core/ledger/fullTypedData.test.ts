// Full EIP-712 signing against exchanges recorded in ledger-live's hw-app-eth tests (without
// filters: eip712-full.json, and the USDC Permit in eth-apdus.json; sources and licences in
// src/testing/vectors/ledger/README.md): every APDU Cairn sends must be the recorded one.
import { bytesToHex, hexToBytes, type TypedDataDefinition } from 'viem';
import { describe, expect, it } from 'vitest';
import eip712 from '@/testing/vectors/ledger/eip712-full.json';
import ethExchanges from '@/testing/vectors/ledger/eth-apdus.json';
import { DeviceError } from '../errors/device';
import type { Exchange } from './ethApp';
import { signLedgerTypedData, supportsFullTypedData } from './fullTypedData';

// Typed data as JSON gives it (integers as numbers or strings, as eth_signTypedData_v4 takes them).
const asTypedData = (value: unknown) => value as TypedDataDefinition;
const strip = (line: string) => line.replace(/^(=>|<=)\s*/, '');

/** An Exchange answering each recorded APDU with its recorded reply; `left` counts what was not asked. */
function replay(apdus: readonly string[]): { exchange: Exchange; left: () => number } {
  const lines = [...apdus];
  return {
    exchange: async (apdu) => {
      const [sent, reply] = lines.splice(0, 2);
      if (!sent || !reply) throw new Error(`one APDU too many: ${bytesToHex(apdu)}`);
      expect(bytesToHex(apdu).slice(2)).toBe(strip(sent));
      return hexToBytes(`0x${strip(reply)}`);
    },
    left: () => lines.length / 2,
  };
}

type Recorded = { name: string; apdus: string[]; typedData: unknown; expected: { r: string; s: string; v: number } };

// hw-app-eth asks the running app's version (B0 01) first to choose its filtering; Cairn does not.
const withoutVersion = (apdus: string[]) => (strip(apdus[0] ?? '').startsWith('b001') ? apdus.slice(2) : apdus);
// Filtering APDUs (E0 1E, and E0 0A token information) need Ledger's signed metadata: Cairn sends none.
const withoutFiltering = (apdus: string[]) =>
  apdus.filter((_, i, all) => !/^e0(1e|0a)/.test(strip(all[i - (i % 2)] ?? '')));

const permits = ethExchanges.filter((x) => x.operation === 'signEip712Full');
const recorded: Recorded[] = [
  ...eip712.exchanges,
  ...permits
    .filter((x) => x.name.includes('no filters'))
    .map((x) => ({ ...x, typedData: (x.inputs as { typedData: unknown }).typedData })),
] as Recorded[];

describe('full EIP-712 signing with the Ledger Ethereum app, replayed', () => {
  it.each(recorded)('sends the recorded APDUs and reads the signature: $name', async (record) => {
    const { exchange, left } = replay(withoutVersion(record.apdus));
    const signature = await signLedgerTypedData(exchange, "m/44'/60'/0'/0/0", asTypedData(record.typedData), '1.9.19');
    expect(signature).toEqual({
      r: `0x${record.expected.r}`,
      s: `0x${record.expected.s}`,
      yParity: record.expected.v - 27,
    });
    expect(left()).toBe(0);
  });

  it.each(permits.filter((x) => !x.name.includes('no filters')))(
    'sends the same types and values as a filtered recording, less its filtering: $name',
    async (record) => {
      const { exchange, left } = replay(withoutFiltering(withoutVersion(record.apdus)));
      const typedData = asTypedData((record.inputs as { typedData: unknown }).typedData);
      await signLedgerTypedData(exchange, "m/44'/60'/0'/0/0", typedData, '1.12.0');
      expect(left()).toBe(0);
    },
  );

  it('takes typed data whose types leave out EIP712Domain, as viem allows', async () => {
    const [record] = eip712.exchanges.filter((x) => x.name.startsWith('12.json'));
    if (!record) throw new Error('no fixture');
    const { EIP712Domain: _, ...types } = record.typedData.types;
    const { exchange, left } = replay(record.apdus);
    await signLedgerTypedData(exchange, "m/44'/60'/0'/0/0", asTypedData({ ...record.typedData, types }), '1.13.0');
    expect(left()).toBe(0);
  });
});

describe('full EIP-712 signing, app versions and limits', () => {
  it('knows which app versions sign typed data in full (1.9.19 and later)', () => {
    expect(['1.9.19', '1.9.20', '1.10.0', '1.13.1', '2.0.0', '1.9.19-rc1'].map(supportsFullTypedData)).toEqual(
      Array(6).fill(true),
    );
    expect(['1.9.18', '1.1.6', '1.0.0', '0.99.99', '', 'x.y.z', '1.9'].map(supportsFullTypedData)).toEqual(
      Array(7).fill(false),
    );
  });

  it('sends nothing to an older app and says to update it', async () => {
    const [record] = eip712.exchanges;
    const exchange: Exchange = async () => {
      throw new Error('nothing should be sent');
    };
    const call = signLedgerTypedData(exchange, "m/44'/60'/0'/0/0", asTypedData(record?.typedData), '1.9.18');
    await expect(call).rejects.toBeInstanceOf(DeviceError);
    await expect(call).rejects.toThrow(/update it in Ledger Live \(version 1\.9\.19 or later\)/);
  });

  it('says in words when the person declines on the Ledger', async () => {
    const [record] = eip712.exchanges;
    if (!record) throw new Error('no fixture');
    const apdus = [...record.apdus.slice(0, -1), '<= 6985'];
    const call = signLedgerTypedData(
      replay(apdus).exchange,
      "m/44'/60'/0'/0/0",
      asTypedData(record.typedData),
      '1.10.0',
    );
    await expect(call).rejects.toThrow(/You declined on the Ledger/);
  });

  // Constructed (not recorded): hw-app-eth's recordings have no value over 253 bytes.
  it('sends a value longer than one APDU in parts, P1 01 until the last (constructed)', async () => {
    const contents = 'x'.repeat(600);
    const sent: Uint8Array[] = [];
    const exchange: Exchange = async (apdu) => {
      sent.push(apdu);
      return apdu[1] === 0x0c
        ? Uint8Array.of(27, ...new Uint8Array(64).fill(1), 0x90, 0x00)
        : Uint8Array.of(0x90, 0x00);
    };
    await signLedgerTypedData(
      exchange,
      "m/44'/60'/0'/0/0",
      {
        domain: { name: 'N' },
        types: { M: [{ name: 'contents', type: 'string' }] },
        primaryType: 'M',
        message: { contents },
      },
      '1.10.0',
    );
    const parts = sent.filter((apdu) => apdu[1] === 0x1c && apdu[3] === 0xff).slice(1);
    expect(parts.map((apdu) => [apdu[2], apdu[4]])).toEqual([
      [0x01, 255],
      [0x01, 255],
      [0x00, 92],
    ]);
    const joined = Uint8Array.from(parts.flatMap((apdu) => [...apdu.subarray(5)]));
    expect(joined).toEqual(Uint8Array.of(0x02, 0x58, ...new TextEncoder().encode(contents)));
  });

  it('refuses a value that does not fit its type before sending it (constructed)', async () => {
    const exchange: Exchange = async () => Uint8Array.of(0x90, 0x00);
    const sign = (type: string, value: unknown) =>
      signLedgerTypedData(
        exchange,
        "m/44'/60'/0'/0/0",
        {
          domain: {},
          types: { M: [{ name: 'v', type }] },
          primaryType: 'M',
          message: { v: value },
        } as TypedDataDefinition,
        '1.10.0',
      );
    await expect(sign('uint8', 256)).rejects.toThrow(RangeError);
    await expect(sign('int8', '-129')).rejects.toThrow(RangeError);
    await expect(sign('address', '0x1234')).rejects.toThrow(RangeError);
    await expect(sign('bytes2', '0x123456')).rejects.toThrow(RangeError);
    await expect(sign('bool', 'yes')).rejects.toThrow(RangeError);
  });
});
