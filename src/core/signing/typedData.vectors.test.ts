import {
  encodeAbiParameters,
  getAddress,
  type Hex,
  hashDomain,
  hashStruct,
  hashTypedData,
  hexToBytes,
  keccak256,
  toHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { vaultAccount } from '@/testing/vaultAccount';
import mail from '@/testing/vectors/eip712/eip712-mail-example.json';
import ethSigUtil from '@/testing/vectors/eip712/eth-sig-util-signTypedData-v4.json';
import ethersCases from '@/testing/vectors/eip712/ethers-testcases-typed-data.json';
import { signTypedDataWith } from './sign';
import { parseTypedDataJson, toViemTypedData } from './typedData';
import { typedDataTree } from './typedDataTree';
import { verifyTypedDataSignature } from './verify';

function accountsFor(privateKey: Hex) {
  const plain = privateKeyToAccount(privateKey);
  return [plain, vaultAccount(plain.address, async () => hexToBytes(privateKey))] as const;
}

describe('EIP-712 "Ether Mail" example, every intermediate value', () => {
  const { expected } = mail;
  const { typedData, domain } = parseTypedDataJson(JSON.stringify(mail.typedData));
  const types = typedData.types as Record<string, { name: string; type: string }[]>;

  it('reads the domain summary', () => {
    expect(domain).toEqual({
      name: 'Ether Mail',
      version: '1',
      chainId: 1n,
      verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
    });
  });

  it('type encoding and type hash', () => {
    // viem does not export encodeType; the Mail type hash it uses is checked through encodeData.
    expect(keccak256(toHex(expected.encodeType_Mail))).toBe(expected.typeHash_Mail);
  });

  it('encodeData and hashStruct of the message', () => {
    const person = (data: Record<string, unknown>) => hashStruct({ data, primaryType: 'Person', types });
    const message = typedData.message as { from: Record<string, unknown>; to: Record<string, unknown> };
    const encoded = encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'bytes32' }, { type: 'bytes32' }],
      [expected.typeHash_Mail as Hex, person(message.from), person(message.to), keccak256(toHex('Hello, Bob!'))],
    );
    expect(encoded).toBe(expected.encodeData_Mail);
    expect(hashStruct({ data: typedData.message, primaryType: 'Mail', types })).toBe(expected.hashStruct_Mail);
    expect(keccak256(expected.encodeData_Mail as Hex)).toBe(expected.hashStruct_Mail);
  });

  it('domain separator and signing hash', () => {
    expect(hashDomain({ domain: typedData.domain, types })).toBe(expected.domainSeparator);
    expect(hashTypedData(toViemTypedData(typedData))).toBe(expected.signHash);
  });

  it('signature (plain viem account and vault account) and recovery', async () => {
    expect(expected.signature).toBe(`${expected.r}${expected.s.slice(2)}${expected.v.toString(16)}`);
    for (const account of accountsFor(mail.privateKey as Hex)) {
      expect(account.address).toBe(mail.signer);
      expect(await signTypedDataWith(account, typedData)).toBe(expected.signature);
    }
    const verified = verifyTypedDataSignature({ typedData, signature: expected.signature, expected: expected.address });
    expect(verified).toEqual({ signer: getAddress(expected.address), matches: true });
  });

  it('shows as a tree of domain and message', () => {
    const tree = typedDataTree(typedData);
    expect(tree.domain).toEqual({
      label: 'domain',
      type: 'EIP712Domain',
      children: [
        { label: 'name', type: 'string', value: 'Ether Mail' },
        { label: 'version', type: 'string', value: '1' },
        { label: 'chainId', type: 'uint256', value: '1' },
        { label: 'verifyingContract', type: 'address', value: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      ],
    });
    const person = (label: string, name: string, wallet: string) => ({
      label,
      type: 'Person',
      children: [
        { label: 'name', type: 'string', value: name },
        { label: 'wallet', type: 'address', value: wallet },
      ],
    });
    expect(tree.message).toEqual({
      label: 'message',
      type: 'Mail',
      children: [
        person('from', 'Cow', '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826'),
        person('to', 'Bob', '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB'),
        { label: 'contents', type: 'string', value: 'Hello, Bob!' },
      ],
    });
  });
});

describe('eth-sig-util signTypedData V4 vectors', () => {
  const standard = ethSigUtil.cases.filter((c) => c.standard);
  const lenient = ethSigUtil.cases.filter((c) => !c.standard);
  // eth-sig-util's test made up 0xDD2a…D826, whose capitals fail EIP-55; Cairn refuses such an
  // address, so it is given in lowercase (the same 20 bytes, so the same signature).
  const madeUp = '0xDD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826';
  const json = (typedData: unknown) => JSON.stringify(typedData).replaceAll(madeUp, madeUp.toLowerCase());

  it('has 6 standard and 3 lenient cases', () => {
    expect(standard).toHaveLength(6);
    expect(lenient).toHaveLength(3);
  });

  for (const testCase of standard) {
    it(`signs byte for byte: ${testCase.name}`, async () => {
      const { typedData } = parseTypedDataJson(json(testCase.typedData));
      for (const account of accountsFor(ethSigUtil.privateKey as Hex)) {
        expect(await signTypedDataWith(account, typedData)).toBe(testCase.signature);
      }
      const signer = privateKeyToAccount(ethSigUtil.privateKey as Hex).address;
      expect(verifyTypedDataSignature({ typedData, signature: testCase.signature, expected: signer })).toEqual({
        signer,
        matches: true,
      });
    });
  }

  it('refuses the made-up address as written, naming the field', () => {
    const withDataArray = standard.find((c) => JSON.stringify(c.typedData).includes(madeUp));
    expect(() => parseTypedDataJson(JSON.stringify(withDataArray?.typedData))).toThrow(
      /^message\.from\.wallet\[1\]: the capital letters in 0xDD2a.* do not match its checksum/,
    );
  });

  // These depend on eth-sig-util filling in missing or null fields, which EIP-712 does not define;
  // Cairn refuses them rather than sign something other than what is shown.
  const refusals: Record<string, RegExp> = {
    'signTypedData V4 should sign data with a recursive data type': /^message\.replyTo\.replyTo is missing\.$/,
    'signTypedData V4 should sign data with a dynamic property set to null': /^message\.contents is null/,
    'signTypedData V4 should sign data with a custom type property set to null': /^message\.to is null/,
  };
  for (const testCase of lenient) {
    it(`refuses the non-standard case: ${testCase.name}`, () => {
      const reason = refusals[testCase.name];
      expect(reason).toBeDefined();
      expect(() => parseTypedDataJson(json(testCase.typedData))).toThrow(reason as RegExp);
    });
  }
});

describe('ethers typed-data test cases (types without EIP712Domain)', () => {
  it('has 130 cases, one of them with a key and signature', () => {
    expect(ethersCases).toHaveLength(130);
    expect(ethersCases.filter((c) => 'privateKey' in c)).toHaveLength(1);
  });

  for (const testCase of ethersCases) {
    it(`digest and encodeData: ${testCase.name}`, () => {
      const { types, primaryType, domain, data } = testCase;
      const { typedData } = parseTypedDataJson(JSON.stringify({ types, primaryType, domain, message: data }));
      expect(hashTypedData(toViemTypedData(typedData))).toBe(testCase.digest);
      expect(hashStruct({ data: typedData.message, primaryType, types: typedData.types })).toBe(
        keccak256(testCase.encoded as Hex),
      );
    });
  }

  it('signs the case with a key to its signature', async () => {
    const testCase = ethersCases.find((c) => 'privateKey' in c) as (typeof ethersCases)[number] & {
      privateKey: Hex;
      signature: Hex;
    };
    const { types, primaryType, domain, data } = testCase;
    const { typedData } = parseTypedDataJson(JSON.stringify({ types, primaryType, domain, message: data }));
    for (const account of accountsFor(testCase.privateKey)) {
      expect(await signTypedDataWith(account, typedData)).toBe(testCase.signature);
    }
    const signer = privateKeyToAccount(testCase.privateKey).address;
    expect(verifyTypedDataSignature({ typedData, signature: testCase.signature }).signer).toBe(signer);
  });
});
