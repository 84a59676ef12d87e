// Signatures made outside Cairn, as other Safe tools give them, read and checked against one
// transaction's safeTxHash: made here by viem's accounts over a known hash.
import { concatHex, type Hex, slice } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { renderMessage } from '../i18n/message';
import { checkPastedSignatures, type PastedCheck, parsePastedSignatures } from './pastedSignatures';
import { callSafeTx, safeTxHash, safeTxTypedData } from './safeTx';

const ref = { chainId: 1, address: '0xf506975D8cD786627C43D98B47Aa473A648AC205' } as const;
const tx = callSafeTx({ to: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', value: 10n ** 17n, data: '0x' }, 7n);
const next = { ...tx, nonce: 8n };
/** Pinned: the hash every signature below is made over. */
const HASH = '0xbd3a19e4c9e45010b528cfb4fd9c71a16e98cec62939aabb2a1bcbc2e42fc89e';
const NEXT_HASH = '0x12cf578180b8aa2f4e2f421c9c964ca0ca29f6ddc86905bde1bd35a60de63824';

const key = (byte: string): Hex => `0x${byte.repeat(32)}`;
const alice = privateKeyToAccount(key('a1'));
const bob = privateKeyToAccount(key('b2'));
const carol = privateKeyToAccount(key('c3'));
const stranger = privateKeyToAccount(key('d4'));
const owners = [alice.address, bob.address, carol.address];

const check = (over: Partial<PastedCheck> = {}): PastedCheck => ({
  hash: HASH,
  owners,
  counted: [],
  others: [{ hash: NEXT_HASH, nonce: 8n }],
  ...over,
});
const typed = (account: typeof alice, which = tx) => account.signTypedData(safeTxTypedData(ref, which));
const lastByte = (data: Hex) => Number.parseInt(data.slice(-2), 16);
const withV = (data: Hex, v: number) => concatHex([slice(data, 0, 64), `0x${v.toString(16).padStart(2, '0')}`]);
const words = (messages: readonly Parameters<typeof renderMessage>[0][]) => messages.map(renderMessage);

async function pasted(text: string, over: Partial<PastedCheck> = {}) {
  return checkPastedSignatures(parsePastedSignatures(text), check(over));
}

describe('a signature pasted from another Safe tool', () => {
  it('is over the safeTxHash Safe computes for the transaction', () => {
    expect(safeTxHash(ref, tx)).toBe(HASH);
    expect(safeTxHash(ref, next)).toBe(NEXT_HASH);
  });

  it('takes an EIP-712 signature as hex, with or without 0x, across lines, naming its owner', async () => {
    const signature = await typed(alice);
    for (const text of [signature, signature.slice(2), `  ${signature.slice(0, 70)}\n${signature.slice(70)}  `]) {
      const outcome = await pasted(text);
      expect(outcome.refused).toEqual([]);
      expect(outcome.accepted).toEqual([{ signer: alice.address, kind: 'eip712', data: signature }]);
    }
  });

  it('takes an eth_sign signature (v 31/32) over the prefixed hash, and a personal_sign given with v 27/28', async () => {
    const personal = await bob.signMessage({ message: { raw: HASH } });
    const ethSign = withV(personal, lastByte(personal) + 4);
    for (const text of [ethSign, personal]) {
      const { accepted } = await pasted(text);
      // As Safe reads it: v + 4 says "the hash with Ethereum's message prefix".
      expect(accepted).toEqual([{ signer: bob.address, kind: 'ethSign', data: ethSign }]);
    }
  });

  it('takes a signature whose v is the bare parity (0/1), in Safe’s form', async () => {
    const signature = await typed(carol);
    const { accepted } = await pasted(withV(signature, lastByte(signature) - 27));
    expect(accepted).toEqual([{ signer: carol.address, kind: 'eip712', data: signature }]);
  });

  it('takes Safe’s signatures bytes, refusing each bad one by its place', async () => {
    const good = await typed(alice);
    const bytes = concatHex([good, await typed(stranger), good, withV(await typed(bob), 5)]);
    const outcome = await pasted(bytes);
    expect(outcome.accepted.map((s) => s.signer)).toEqual([alice.address]);
    expect(words(outcome.refused)).toEqual([
      `This signature comes from ${stranger.address}, which is not an owner of this Safe, or it was made for another transaction.`,
      `${alice.address} has already confirmed this transaction: it counts once.`,
      'Signature 4: This signature’s last byte (v) is not one Safe accepts.',
    ]);
  });

  it('reads the Transaction Service’s JSON: confirmations, a page of them, a transaction', async () => {
    const fromAlice = await typed(alice);
    const fromBob = await typed(bob);
    const confirmations = [
      { owner: alice.address, signature: fromAlice, signatureType: 'EOA' },
      { owner: bob.address, signature: fromBob, signatureType: 'EOA' },
    ];
    const forms = [
      JSON.stringify(confirmations),
      JSON.stringify({ count: 2, next: null, previous: null, results: confirmations }),
      JSON.stringify({ safeTxHash: HASH, nonce: 7, confirmations }),
      JSON.stringify({ safeTxHash: HASH, confirmations: [], signatures: concatHex([fromAlice, fromBob]) }),
      JSON.stringify(confirmations[0]),
    ];
    for (const text of forms) {
      const { accepted, refused } = await pasted(text);
      expect(refused).toEqual([]);
      expect(accepted.map((s) => s.signer)).toEqual(text === forms[4] ? [alice.address] : [alice.address, bob.address]);
    }
  });

  it('refuses a confirmation said to be from one owner but made by another, naming the one it claims once', async () => {
    const text = JSON.stringify([{ owner: carol.address, signature: await typed(alice) }]);
    const { accepted, refused } = await pasted(text);
    expect(accepted).toEqual([]);
    expect(words(refused)).toEqual([
      `This signature is said to be from ${carol.address}, but it was made by another key.`,
    ]);
  });

  it('refuses an owner already counted, by signature or on-chain', async () => {
    const { refused } = await pasted(await typed(alice), { counted: [alice.address] });
    expect(words(refused)).toEqual([`${alice.address} has already confirmed this transaction: it counts once.`]);
  });

  it('says when a signature is an owner’s for another kept transaction, or the paste names another hash', async () => {
    const { refused } = await pasted(await typed(alice, next));
    expect(words(refused)).toEqual([
      'This signature is an owner’s for this Safe’s transaction of nonce 8, not for this one: add it on that transaction’s card.',
    ]);
    const other = `0x${'ab'.repeat(32)}`;
    await expect(pasted(JSON.stringify({ safeTxHash: other, signatures: await typed(alice) }))).rejects.toMatchObject({
      code: 'SAFE_SIGNATURE_OTHER_TX',
      message: `These signatures were given for another Safe transaction, ${other}, not for this one.`,
    });
    await expect(
      pasted(JSON.stringify({ safeTxHash: NEXT_HASH, signatures: await typed(alice, next) })),
    ).rejects.toMatchObject({ code: 'SAFE_SIGNATURE_OTHER_TX', message: expect.stringContaining('nonce 8') });
  });

  it('refuses what does not read, naming what is wrong', () => {
    const refusal = (text: string) => {
      try {
        parsePastedSignatures(text);
      } catch (error) {
        return (error as Error).message;
      }
      return 'read';
    };
    expect(refusal('cairn:safe-tx/abc')).toMatch(/^This is not a signature: /);
    expect(refusal('0x')).toMatch(/^This is not a signature: /);
    expect(refusal(`0x${'1'.repeat(129)}`)).toBe(
      'This hex has an odd number of digits: one is missing, or one is too many.',
    );
    expect(refusal(`0x${'11'.repeat(64)}`)).toBe(
      'A Safe signature is 65 bytes, and several of them a multiple of 65: this is 64 bytes.',
    );
    expect(refusal('{"owner": "0x12')).toBe('This starts as JSON but does not read as JSON: it is cut off or damaged.');
    expect(refusal('{"safeTxHash": "0x12"}')).toMatch(/field “safeTxHash”/);
    expect(refusal('[{"owner": "me", "signature": "0x00"}]')).toMatch(/field “confirmations\[0\]\.owner”/);
    expect(refusal('{"safe": "0xf506975D8cD786627C43D98B47Aa473A648AC205"}')).toMatch(
      /^This JSON holds no Safe signatures/,
    );
  });
});
