import { type Address, encodeFunctionData, parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { p256Authenticator } from '@/testing/p256Authenticator';
import { passkeyAccountFlow } from '@/testing/passkeyAccountFlow';
import { demoAddress } from '../../../../devchain/seedSupport.ts';
import { passkeyDelegateAbi } from './passkeyDelegate.generated';
import { encodeAddPasskey, encodeRemovePasskey, readPasskeys } from './passkeySigners';

const flow = passkeyAccountFlow(localChainUrl(), 162);
const { node, payer } = flow;
const recipient = demoAddress(163);
const oneEth = [{ to: recipient, value: parseEther('1'), data: '0x' as const }];

/** A fresh passkey account holding 5 ETH, registered to `first`, its paying account funded. */
async function freshAccount() {
  await node.setBalance({ address: payer.address, value: parseEther('10') });
  const first = p256Authenticator();
  const { account } = await flow.upgrade(first);
  await node.setBalance({ address: account, value: parseEther('5') });
  return { first, account };
}

type Authenticator = ReturnType<typeof p256Authenticator>;

/** `calls` signed by `by` and sent by the paying account; throws when they revert. */
async function run(account: Address, calls: Parameters<typeof flow.signedBatch>[1], by: Authenticator) {
  const { call } = await flow.signedBatch(account, calls, by);
  return flow.send(call);
}

describe("a passkey account's several passkeys, any one enough", () => {
  it('adds a second passkey with a batch the first signs; then the second alone sends 1 ETH', async () => {
    const { first, account } = await freshAccount();
    const second = p256Authenticator();
    await run(account, [encodeAddPasskey(account, second.publicKey)], first);
    expect(await readPasskeys(node, account)).toEqual([first.publicKey, second.publicKey]);

    const before = await node.getBalance({ address: recipient });
    await run(account, oneEth, second);
    expect(await node.getBalance({ address: recipient })).toBe(before + parseEther('1'));
    // The first still signs.
    await run(account, oneEth, first);
    expect(await node.getBalance({ address: account })).toBe(parseEther('3'));
  });

  it('refuses a key not registered, even naming a registered one, and a replayed addition', async () => {
    const { first, account } = await freshAccount();
    const stranger = p256Authenticator();
    const self = await flow.signedBatch(account, [encodeAddPasskey(account, stranger.publicKey)], stranger);
    expect(await flow.refusal(self.call)).toBe('AccountUnauthorized');
    const posing = await flow.signedBatch(account, oneEth, stranger, { claim: first.publicKey });
    expect(await flow.refusal(posing.call)).toBe('AccountUnauthorized');

    const second = p256Authenticator();
    const added = await flow.signedBatch(account, [encodeAddPasskey(account, second.publicKey)], first);
    await flow.send(added.call);
    expect(await flow.refusal(added.call)).toBe('InvalidAccountNonce');
    expect(await readPasskeys(node, account)).toEqual([first.publicKey, second.publicKey]);
  });

  it('takes additions and removals only from the account itself, and only passkeys, each once', async () => {
    const { first, account } = await freshAccount();
    const second = p256Authenticator();
    expect(await flow.refusal(encodeAddPasskey(account, second.publicKey))).toBe('AccountUnauthorized');
    const remove = encodeRemovePasskey(account, first.publicKey);
    expect(await flow.refusal(remove)).toBe('AccountUnauthorized');

    // An ERC-7913 signer that is no passkey of the verifier: an EOA's address.
    const notAPasskey = {
      to: account,
      value: 0n,
      data: encodeFunctionData({ abi: passkeyDelegateAbi, functionName: 'addSigners', args: [[payer.address]] }),
    };
    const eoa = await flow.signedBatch(account, [notAPasskey], first);
    expect(await flow.refusal(eoa.call)).toBe('PasskeyAccountNotAPasskey');
    const twice = await flow.signedBatch(account, [encodeAddPasskey(account, first.publicKey)], first);
    expect(await flow.refusal(twice.call)).toBe('MultiSignerERC7913AlreadyExists');
  });

  it('removes a passkey with a batch another signs, after which it is refused; never the last one', async () => {
    const { first, account } = await freshAccount();
    const last = await flow.signedBatch(account, [encodeRemovePasskey(account, first.publicKey)], first);
    expect(await flow.refusal(last.call)).toBe('MultiSignerERC7913UnreachableThreshold');

    const second = p256Authenticator();
    await run(account, [encodeAddPasskey(account, second.publicKey)], first);
    await run(account, [encodeRemovePasskey(account, first.publicKey)], second);
    expect(await readPasskeys(node, account)).toEqual([second.publicKey]);
    const removed = await flow.signedBatch(account, oneEth, first);
    expect(await flow.refusal(removed.call)).toBe('AccountUnauthorized');
    const alone = await flow.signedBatch(account, [encodeRemovePasskey(account, second.publicKey)], second);
    expect(await flow.refusal(alone.call)).toBe('MultiSignerERC7913UnreachableThreshold');
    await run(account, oneEth, second);
    expect(await node.getBalance({ address: account })).toBe(parseEther('4'));
  });
});
