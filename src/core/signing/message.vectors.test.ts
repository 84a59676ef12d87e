import { getAddress, type Hex, hashMessage, hexToBytes, type SignableMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { vaultAccount } from '@/testing/vaultAccount';
import personalSign from '@/testing/vectors/eip191/eth-sig-util-personal-sign.json';
import ethersHashMessage from '@/testing/vectors/eip191/ethers-hashMessage.json';
import { describeMessage, looksLikeHash, parseMessageInput } from './message';
import { signMessageWith } from './sign';
import { verifyMessageSignature } from './verify';

function accountsFor(privateKey: Hex) {
  const plain = privateKeyToAccount(privateKey);
  return { plain, vault: vaultAccount(plain.address, async () => hexToBytes(privateKey)) };
}

/** The message as each input mode reads it: the hex bytes, and the text where the vector has it. */
function inputsOf(testCase: { message: string; message_utf8?: string }): SignableMessage[] {
  const inputs = [parseMessageInput(testCase.message, 'hex')];
  if (testCase.message_utf8 !== undefined) inputs.push(parseMessageInput(testCase.message_utf8, 'text'));
  return inputs;
}

describe('personal_sign vectors (eth-sig-util)', () => {
  it('has its 4 cases', () => expect(personalSign.cases).toHaveLength(4));

  for (const testCase of personalSign.cases) {
    it(testCase.label, async () => {
      const key = testCase.privateKey as Hex;
      const { plain, vault } = accountsFor(key);
      if (testCase.address) expect(plain.address).toBe(getAddress(testCase.address));
      for (const message of inputsOf(testCase)) {
        expect(hashMessage(message)).toBe(hashMessage({ raw: testCase.message as Hex }));
        expect(await signMessageWith(plain, message)).toBe(testCase.signature);
        expect(await signMessageWith(vault, message)).toBe(testCase.signature);
        const verified = verifyMessageSignature({
          message,
          signature: testCase.signature,
          expected: plain.address.toLowerCase(),
        });
        expect(verified).toEqual({ signer: plain.address, matches: true });
      }
    });
  }
});

describe('EIP-191 hash vectors (ethers hashMessage)', () => {
  // These vectors give no key: each is also signed with a fixed test key through both accounts,
  // which must agree, and the signature must recover that key's address.
  const testKey: Hex = '0x4646464646464646464646464646464646464646464646464646464646464646';
  const { plain, vault } = accountsFor(testKey);

  it('has its 3 cases', () => expect(ethersHashMessage.cases).toHaveLength(3));

  for (const testCase of ethersHashMessage.cases) {
    it(testCase.test, async () => {
      for (const message of inputsOf(testCase)) {
        expect(hashMessage(message)).toBe(testCase.hash);
        const signature = await signMessageWith(plain, message);
        expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
        expect(await signMessageWith(vault, message)).toBe(signature);
        expect(verifyMessageSignature({ message, signature })).toEqual({ signer: plain.address });
        const someoneElse = '0xbe93f9bacbcffc8ee6663f2647917ed7a20a57bb';
        expect(verifyMessageSignature({ message, signature, expected: someoneElse }).matches).toBe(false);
      }
    });
  }

  it('reads "0x4243" typed as text as its six characters, not as two bytes', () => {
    const asText = parseMessageInput('0x4243', 'text');
    const asHex = parseMessageInput('0x4243', 'hex');
    expect(describeMessage(asText).byteLength).toBe(6);
    expect(describeMessage(asHex).byteLength).toBe(2);
    expect(hashMessage(asText)).not.toBe(hashMessage(asHex));
  });
});

describe('describing a message before signing', () => {
  it('gives the byte length and what hex bytes say when they are printable text', () => {
    expect(describeMessage(parseMessageInput('0x48656c6c6f2c20776f726c6421', 'hex'))).toEqual({
      byteLength: 13,
      hex: '0x48656c6c6f2c20776f726c6421',
      text: 'Hello, world!',
      looksLikeHash: false,
    });
    expect(describeMessage(parseMessageInput('héllo 🚀', 'text'))).toMatchObject({ byteLength: 11, text: 'héllo 🚀' });
    expect(describeMessage(parseMessageInput('0x6c696e650a6e657874', 'hex')).text).toBe('line\nnext');
  });

  it('gives no text for bytes that are not printable UTF-8', () => {
    for (const hex of ['0xff', '0x00', '0x48690007', '0xe280ae6162', '0xc328']) {
      expect(describeMessage(parseMessageInput(hex, 'hex')).text, hex).toBeUndefined();
    }
  });

  it('flags exactly 32 bytes as hash-like (signing it may sign a transaction-like payload)', () => {
    const hash = personalSign.cases[2]?.message ?? '';
    expect(describeMessage(parseMessageInput(hash, 'hex'))).toMatchObject({ byteLength: 32, looksLikeHash: true });
    expect(looksLikeHash(new Uint8Array(32))).toBe(true);
    expect(looksLikeHash(new Uint8Array(31))).toBe(false);
    expect(looksLikeHash(new Uint8Array(33))).toBe(false);
    // Typed text of 32 characters is 32 bytes too, and is flagged the same way.
    expect(describeMessage(parseMessageInput('a'.repeat(32), 'text')).looksLikeHash).toBe(true);
  });
});
