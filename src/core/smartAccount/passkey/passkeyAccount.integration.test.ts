import { p256 } from '@noble/curves/p256';
import { type Address, concat, hexToBigInt, keccak256, numberToHex, parseEther, slice } from 'viem';
import { describe, expect, it } from 'vitest';
import { cairnRefusal } from '@/testing/expectRefusal';
import { localChainUrl } from '@/testing/localChainUrl';
import { p256Authenticator } from '@/testing/p256Authenticator';
import { passkeyAccountFlow } from '@/testing/passkeyAccountFlow';
import { demoAddress } from '../../../../devchain/seedSupport.ts';
import { designatorCode } from '../../chain/delegationDesignator';
import { LOCAL_CHAIN_ID } from '../../chain/localChain';
import { encodeBatchExecution, selfBatchCall } from '../execution';
import { p256PrecompileAnswers } from './p256Precompile';
import { passkeyBatchCall, passkeyBatchDigest } from './passkeyBatch';
import {
  PASSKEY_DELEGATE_ADDRESS,
  PASSKEY_VERIFIER_ADDRESS,
  PASSKEY_VERIFIER_CODE_HASH,
  passkeyDelegateAbi,
} from './passkeyDelegate.generated';
import { checkPasskeyDelegateCode, isPasskeyAccountCode, passkeyDelegateCodeHash } from './passkeyDelegateCheck';
import { readPasskeys } from './passkeySigners';
import { signPasskeyUpgrade } from './passkeyUpgrade';

const flow = passkeyAccountFlow(localChainUrl(), 160);
const { node, payer } = flow;
const recipient = demoAddress(161);
const oneEth = (to: Address = recipient) => [{ to, value: parseEther('1'), data: '0x' as const }];

/** A fresh passkey account holding 5 ETH, its paying account funded. */
async function freshAccount() {
  await node.setBalance({ address: payer.address, value: parseEther('10') });
  const authenticator = p256Authenticator();
  const { account, gasUsed } = await flow.upgrade(authenticator);
  await node.setBalance({ address: account, value: parseEther('5') });
  return { authenticator, account, gasUsed };
}

describe('a passkey account on the local chain', () => {
  it('finds the delegate and the WebAuthn verifier Cairn builds, with the recorded code hashes, and P256VERIFY answering', async () => {
    await checkPasskeyDelegateCode(node, LOCAL_CHAIN_ID);
    const code = await node.getCode({ address: PASSKEY_DELEGATE_ADDRESS });
    expect(code && keccak256(code)).toBe(passkeyDelegateCodeHash(LOCAL_CHAIN_ID));
    const verifier = await node.getCode({ address: PASSKEY_VERIFIER_ADDRESS });
    expect(verifier && keccak256(verifier)).toBe(PASSKEY_VERIFIER_CODE_HASH);
    const named = await node.readContract({
      address: PASSKEY_DELEGATE_ADDRESS,
      abi: passkeyDelegateAbi,
      functionName: 'webAuthnVerifier',
    });
    expect(named).toBe(PASSKEY_VERIFIER_ADDRESS);
    expect(await p256PrecompileAnswers(node)).toBe(true);
    const unverified = await cairnRefusal(checkPasskeyDelegateCode(node, 777_777));
    expect(unverified.code).toBe('SMART_DELEGATE_UNVERIFIED');
  });

  it('refuses a delegate, or a verifier, whose code is not the recorded one', async () => {
    for (const address of [PASSKEY_DELEGATE_ADDRESS, PASSKEY_VERIFIER_ADDRESS]) {
      const snapshot = await node.snapshot();
      try {
        await node.setCode({ address, bytecode: '0x6000' });
        const mismatch = await cairnRefusal(checkPasskeyDelegateCode(node, LOCAL_CHAIN_ID));
        expect(mismatch.code).toBe('SMART_DELEGATE_MISMATCH');
        expect(mismatch.details).toContain(address);
      } finally {
        await node.revert({ id: snapshot });
      }
    }
  });

  it('is upgraded by another account, registers the passkey, and sends 1 ETH the passkey signed', async () => {
    const { authenticator, account, gasUsed } = await freshAccount();
    expect(await node.getCode({ address: account })).toBe(designatorCode(PASSKEY_DELEGATE_ADDRESS));
    expect(isPasskeyAccountCode(await node.getCode({ address: account }))).toBe(true);
    expect(await readPasskeys(node, account)).toEqual([authenticator.publicKey]);
    // The fresh key sent nothing: the paying account sent the upgrade.
    expect(await node.getTransactionCount({ address: account })).toBe(1);

    const { batch, digest, call } = await flow.signedBatch(account, oneEth(), authenticator);
    const onChain = await node.readContract({
      address: account,
      abi: passkeyDelegateAbi,
      functionName: 'executeDigest',
      args: [encodeBatchExecution(batch.calls), batch.nonce],
    });
    expect(onChain).toBe(digest);
    expect(passkeyBatchDigest(batch)).toBe(digest);

    const before = await node.getBalance({ address: recipient });
    const payerBefore = await node.getBalance({ address: payer.address });
    const receipt = await flow.send(call);
    expect(await node.getBalance({ address: recipient })).toBe(before + parseEther('1'));
    expect(await node.getBalance({ address: account })).toBe(parseEther('4'));
    expect(await node.getBalance({ address: payer.address })).toBe(
      payerBefore - receipt.gasUsed * receipt.effectiveGasPrice,
    );
    console.log(`passkey account: upgrade ${gasUsed} gas, 1 ETH sent for ${receipt.gasUsed} gas`);
  });

  it('refuses a replay, another key, a second registration, and a call not from itself without a signature', async () => {
    const { authenticator, account } = await freshAccount();
    const { call } = await flow.signedBatch(account, oneEth(), authenticator);
    await flow.send(call);
    expect(await flow.refusal(call)).toBe('InvalidAccountNonce');

    // A key not registered, naming itself or naming the registered passkey: refused.
    const stranger = p256Authenticator();
    const forged = await flow.signedBatch(account, oneEth(payer.address), stranger);
    expect(await flow.refusal(forged.call)).toBe('AccountUnauthorized');
    const claim = authenticator.publicKey;
    const posing = await flow.signedBatch(account, oneEth(payer.address), stranger, { claim });
    expect(await flow.refusal(posing.call)).toBe('AccountUnauthorized');
    // The plain batch mode is the account's own: another account cannot run it unsigned.
    expect(await flow.refusal(selfBatchCall(account, oneEth(payer.address)))).toBe('AccountUnauthorized');

    // Another fresh key's initialize, sent to this account: too late, and not signed by its key.
    const again = await signPasskeyUpgrade({ chainId: LOCAL_CHAIN_ID, publicKey: stranger.publicKey });
    expect(await flow.refusal({ ...again.call, to: account })).toBe('InvalidInitialization');
    expect(await node.getBalance({ address: account })).toBe(parseEther('4'));
  });

  it('takes an assertion the authenticator made with a high S, once normalised', async () => {
    const { authenticator, account } = await freshAccount();
    const { batch, signature, call } = await flow.signedBatch(account, oneEth(), authenticator, { highS: true });
    // The same assertion with S as the authenticator gave it (WebAuthnAuth's second word): refused.
    const high = p256.CURVE.n - hexToBigInt(slice(signature, 32, 64));
    const raw = concat([slice(signature, 0, 32), numberToHex(high, { size: 32 }), slice(signature, 64)]);
    const { publicKey } = authenticator;
    expect(await flow.refusal(passkeyBatchCall(batch, { publicKey, signature: raw }))).toBe('AccountUnauthorized');
    await flow.send(call);
    expect(await node.getBalance({ address: account })).toBe(parseEther('4'));
  });
});
