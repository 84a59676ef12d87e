import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { callSafeTx, type SafeTx, safeTxTypedData } from './safeTx';
import {
  encodeSafeTxFile,
  parseSafeTxFile,
  parseSafeTxLink,
  parseSafeTxText,
  safeTxFile,
  safeTxLink,
} from './safeTxFile';
import { parseSafeTxUr, safeTxUr } from './safeTxUr';
import { encodeSignatures, recoverSafeSignature } from './signatures';

const SAFE = '0xf506975D8cD786627C43D98B47Aa473A648AC205';
const ref = { chainId: 31337, address: SAFE } as const;
const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const tx: SafeTx = callSafeTx(
  { to: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', value: 10n ** 17n, data: '0xabcdef' },
  3n,
);

async function signedFile() {
  const signature = await recoverSafeSignature(
    safeTxFile({ ...ref, safe: SAFE, tx, signatures: [] }).safeTxHash,
    await owner.signTypedData(safeTxTypedData(ref, tx)),
  );
  return safeTxFile({ chainId: ref.chainId, safe: SAFE, tx, signatures: [signature] });
}

describe('a pending Safe transaction passed on without a server', () => {
  it('reads back exactly from its file, its link and its QR code', async () => {
    const file = await signedFile();
    expect(file.signatures).toEqual([{ signer: owner.address, data: expect.stringMatching(/^0x[0-9a-f]{130}$/) }]);
    expect(parseSafeTxFile(encodeSafeTxFile(file))).toEqual(file);
    const link = safeTxLink(file);
    expect(link).toMatch(/^cairn:safe-tx\/[A-Za-z0-9_-]+$/);
    expect(parseSafeTxLink(link)).toEqual(file);
    expect(parseSafeTxText(`  ${link}\n`)).toEqual(file);
    expect(parseSafeTxUr(safeTxUr(file))).toEqual(file);
  });

  it('refuses a cut-off, damaged or foreign text, naming what is wrong', async () => {
    const file = await signedFile();
    const text = encodeSafeTxFile(file);
    const refused = (input: string) => {
      try {
        parseSafeTxText(input);
      } catch (error) {
        return error as { code: string; shortMessage: string };
      }
      throw new Error('accepted');
    };
    expect(refused(text.slice(0, text.length / 2))).toMatchObject({
      code: 'SAFE_IMPORT_MALFORMED',
      shortMessage: expect.stringContaining('cut off or damaged'),
    });
    expect(refused(safeTxLink(file).slice(0, -20)).code).toBe('SAFE_IMPORT_MALFORMED');
    expect(refused('{"type":"something-else"}').shortMessage).toContain('not a Safe transaction');
    expect(refused(text.replace('"version": 1', '"version": 2')).shortMessage).toContain('newer Cairn');
    expect(refused(text.replace('"nonce": "3"', '"nonce": "4"')).shortMessage).toContain(
      'does not match its safeTxHash',
    );
    expect(refused(text.replace('"nonce": "3"', '"nonce": "-1"')).shortMessage).toContain('“tx.nonce”');
    expect(refused(text.replace('"operation": 0', '"operation": 2')).shortMessage).toContain('“tx.operation”');
    expect(refused('cairn:other/abc').code).toBe('SAFE_IMPORT_MALFORMED');
  });
});

describe('signatures as Safe takes them', () => {
  it('sorts by owner, one per owner, and reads an approval from v = 1', async () => {
    const hash = safeTxFile({ chainId: 1, safe: SAFE, tx, signatures: [] }).safeTxHash;
    const low = { signer: '0x1000000000000000000000000000000000000001', kind: 'eip712', data: '0xaa' } as const;
    const high = { signer: '0xF000000000000000000000000000000000000001', kind: 'eip712', data: '0xbb' } as const;
    expect(encodeSignatures([high, low, { ...low, data: '0xcc' }])).toBe('0xaabb');
    const approval = `0x${'0'.repeat(24)}${owner.address.slice(2).toLowerCase()}${'0'.repeat(64)}01` as const;
    expect(await recoverSafeSignature(hash, approval)).toMatchObject({ signer: owner.address, kind: 'approved' });
    await expect(recoverSafeSignature(hash, '0x1234')).rejects.toMatchObject({ code: 'SAFE_SIGNATURE_MALFORMED' });
    await expect(recoverSafeSignature(hash, `0x${'11'.repeat(64)}00`)).rejects.toMatchObject({
      code: 'SAFE_SIGNATURE_UNSUPPORTED',
    });
  });
});
