// ERC-4527 types against published examples (src/testing/vectors/ur: Keystone, MetaMask, BlockchainCommons).
import { bytesToHex, hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import vectors from '@/testing/vectors/ur/ur-vectors.json';
import { deriveAddresses, nfkdBytes, seedFromPhrase } from '../keys/hd';
import { decodeCbor } from '../ur/cbor';
import { UrDecoder } from '../ur/ur';
import { deviceAddresses, readDeviceAccounts } from './deviceKeys';
import { encodeEthSignRequest, readEthSignature, readEthSignRequest } from './ethRequests';
import { pathText, readKeyPath } from './keypath';

const bytes = (text: string) => hexToBytes(`0x${text.replace(/^0x/, '')}`);
const hex = (data: Uint8Array) => bytesToHex(data).slice(2);
const { cryptoKeypath, cryptoHdkey, cryptoAccount, ethSignRequest, ethSignature } = vectors.erc4527;

function read(text: string) {
  const decoder = new UrDecoder();
  decoder.receive(text);
  const ur = decoder.result();
  if (!ur) throw new Error('not one code');
  return ur;
}

describe('crypto-keypath', () => {
  it('reads a path with its fingerprint and depth, and refuses a wildcard', () => {
    const [wildcard, full] = cryptoKeypath;
    const path = readKeyPath(decodeCbor(read(full?.ur ?? '').cbor));
    expect(pathText(path)).toBe(`m/${full?.path}`);
    expect(path.sourceFingerprint?.toString(16)).toBe(full?.sourceFingerprint);
    expect(path.depth).toBe(full?.depth);
    expect(() => readKeyPath(decodeCbor(read(wildcard?.ur ?? '').cbor))).toThrow(/wildcard/);
  });
});

describe('account exports', () => {
  const eth = cryptoHdkey.filter(
    (v) =>
      v.ur.toLowerCase().startsWith('ur:crypto-hdkey/') &&
      (v.fields as { origin?: { path?: string } }).origin?.path === "44'/60'/0'",
  );

  it.each(eth)('reads $name as an extended key at m/44’/60’/0’ with its master fingerprint', ({ ur, fields }) => {
    const accounts = readDeviceAccounts(read(ur));
    const origin = (fields as { origin: { sourceFingerprint: string } }).origin;
    expect(accounts).toMatchObject({ kind: 'extendedKey', childPath: '0/{i}' });
    expect(accounts.masterFingerprint.toString(16).padStart(8, '0')).toBe(origin.sourceFingerprint);
    if (accounts.kind === 'extendedKey')
      expect(hex(accounts.key.publicKey)).toBe((fields as { keyData: string }).keyData);
  });

  it('derives the same addresses from the “abandon … about” account key as from the phrase', async () => {
    const fixture = cryptoHdkey.find((v) => v.name.includes('abandon'));
    const stated = fixture?.stated as { mnemonic: string };
    const accounts = readDeviceAccounts(read(fixture?.ur ?? ''));
    const fromPhrase = deriveAddresses(await seedFromPhrase(nfkdBytes(stated.mnemonic)), "m/44'/60'/0'/0/{i}", 0, 5);
    expect(deviceAddresses(accounts, 0, 5)).toEqual(fromPhrase);
    expect(fromPhrase[0]?.address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('reads Keystone’s Ledger Live export as one key per account, each at its own path', () => {
    const ledgerLive = cryptoAccount.find((v) => v.name.includes('Ledger Live'));
    const stated = ledgerLive?.keys as unknown as { path: string; publicKey: string }[];
    const accounts = readDeviceAccounts(read(ledgerLive?.ur ?? ''));
    expect(accounts.kind).toBe('accountKeys');
    expect(accounts.masterFingerprint.toString(16)).toBe(ledgerLive?.masterFingerprint);
    const addresses = deviceAddresses(accounts, 0, 10);
    expect(addresses.map((a) => a.path)).toEqual(stated.map((k) => k.path));
    expect(addresses.map((a) => a.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(accounts.kind === 'accountKeys' && accounts.keys.map((k) => hex(k.publicKey))).toEqual(
      stated.map((k) => k.publicKey),
    );
  });

  it.each([
    ...cryptoHdkey.filter((v) => !(v.fields as { origin?: { path?: string } }).origin?.path?.startsWith("44'/60'")),
    ...cryptoAccount.filter((v) => !v.name.includes('Ledger Live')),
  ])('refuses $name, which is not an Ethereum account key, saying why', ({ ur }) => {
    expect(() =>
      readDeviceAccounts(
        read(ur.startsWith('ur:crypto-public-key') ? ur.replace('crypto-public-key', 'crypto-hdkey') : ur),
      ),
    ).toThrow(/not a key Cairn can import/);
  });
});

describe('eth-sign-request and eth-signature', () => {
  it('writes Keystone’s legacy-transaction request byte for byte', () => {
    const [legacy] = ethSignRequest;
    const fields = legacy?.fields as {
      requestId: string;
      signData: string;
      chainId: number;
      origin: string;
      derivationPath: { path: string; sourceFingerprint: string };
    };
    const ur = encodeEthSignRequest({
      requestId: bytes(fields.requestId),
      signData: bytes(fields.signData),
      dataType: 1,
      chainId: fields.chainId,
      path: { components: [44, 1, 1].map((i) => i + 0x80000000).concat([0, 1]), sourceFingerprint: 0x12345678 },
      origin: fields.origin,
    });
    expect(hex(ur.cbor)).toBe(legacy?.cbor);
  });

  it.each(ethSignRequest)('reads the request “$name”', ({ ur, fields }) => {
    const expected = fields as {
      requestId: string;
      signData: string;
      dataType?: number;
      chainId?: number;
      origin?: string;
      derivationPath: { path: string };
    };
    const request = readEthSignRequest(read(ur));
    expect(hex(request.requestId)).toBe(expected.requestId);
    expect(hex(request.signData)).toBe(expected.signData);
    expect(pathText(request.path)).toBe(`m/${expected.derivationPath.path}`);
    if (expected.chainId !== undefined) expect(request.chainId).toBe(expected.chainId);
    expect(request.origin).toBe(expected.origin);
  });

  it.each(ethSignature)('reads the signature “$name”', ({ ur, fields }) => {
    const signature = readEthSignature(read(ur));
    expect(hex(signature.requestId)).toBe((fields as { requestId: string }).requestId);
    expect(hex(signature.signature)).toBe((fields as { signature: string }).signature);
  });
});
