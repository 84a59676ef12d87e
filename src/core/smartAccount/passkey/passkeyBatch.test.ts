import { type Address, decodeAbiParameters, decodeFunctionData, parseEther, slice } from 'viem';
import { describe, expect, it } from 'vitest';
import { PASSKEY_BATCH_MODE, passkeyBatchCall, passkeyBatchDigest } from './passkeyBatch';
import { PASSKEY_VERIFIER_ADDRESS, passkeyDelegateAbi } from './passkeyDelegate.generated';

const account: Address = '0x00000000000000000000000000000000000000aa';
const recipient: Address = '0x00000000000000000000000000000000000000bb';
const batch = {
  chainId: 31337,
  account,
  calls: [{ to: recipient, value: parseEther('1'), data: '0x' as const }],
  nonce: 7n,
};

describe('a batch the passkey authorises', () => {
  it('is sent in ERC-7821 batch mode with opData', () => {
    expect(slice(PASSKEY_BATCH_MODE, 0, 1)).toBe('0x01'); // call type: batch
    expect(slice(PASSKEY_BATCH_MODE, 1, 2)).toBe('0x00'); // exec type: revert on failure
    expect(slice(PASSKEY_BATCH_MODE, 6, 10)).toBe('0x78210001'); // selector: with opData
    expect(BigInt(slice(PASSKEY_BATCH_MODE, 10))).toBe(0n);
  });

  it('carries the calls, then the nonce and the passkey with its signature as opData, to the account itself', () => {
    const publicKey = { x: `0x${'11'.repeat(32)}`, y: `0x${'22'.repeat(32)}` } as const;
    const call = passkeyBatchCall(batch, { publicKey, signature: '0xc0ffee' });
    expect(call).toMatchObject({ to: account, value: 0n });
    const { functionName, args } = decodeFunctionData({ abi: passkeyDelegateAbi, data: call.data });
    expect(functionName).toBe('execute');
    const [mode, executionData] = args as readonly [`0x${string}`, `0x${string}`];
    expect(mode).toBe(PASSKEY_BATCH_MODE);
    const [calls, opData] = decodeAbiParameters(
      [
        {
          type: 'tuple[]',
          components: [
            { name: 'target', type: 'address' },
            { name: 'value', type: 'uint256' },
            { name: 'callData', type: 'bytes' },
          ],
        },
        { type: 'bytes' },
      ],
      executionData,
    );
    expect(calls).toEqual([{ target: recipient, value: parseEther('1'), callData: '0x' }]);
    expect(BigInt(slice(opData, 0, 32))).toBe(7n);
    // MultiSignerERC7913's format: abi.encode(bytes[] signers, bytes[] signatures), one each.
    const [signers, signatures] = decodeAbiParameters([{ type: 'bytes[]' }, { type: 'bytes[]' }], slice(opData, 32));
    expect(signers).toEqual([`${PASSKEY_VERIFIER_ADDRESS.toLowerCase()}${'11'.repeat(32)}${'22'.repeat(32)}`]);
    expect(signatures).toEqual(['0xc0ffee']);
  });

  it('is signed over a digest that changes with the nonce, the chain, the account and the calls', () => {
    const digest = passkeyBatchDigest(batch);
    const others = [
      { ...batch, nonce: 8n },
      { ...batch, chainId: 1 },
      { ...batch, account: recipient },
      { ...batch, calls: [{ ...batch.calls[0], to: account, value: 1n, data: '0x' as const }] },
    ];
    for (const other of others) expect(passkeyBatchDigest(other)).not.toBe(digest);
  });
});
