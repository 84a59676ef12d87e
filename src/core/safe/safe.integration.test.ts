import { createRequire } from 'node:module';
import {
  type Address,
  concatHex,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  hashMessage,
  parseAbi,
  parseEther,
  slice,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { createTestSafe } from '@/testing/safeFixtures';
import { demoSigner, testNetwork, testNode } from '@/testing/txFixtures';
import { demoSafeAddress } from '../../../devchain/demoSafe.ts';
import { safeAddresses } from '../../../devchain/safe.ts';
import { addTokens } from '../../../devchain/scenarios.ts';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { headBlockOf } from '../chain/chainHead';
import { chainClient } from '../chain/client';
import { LOCAL_CHAIN_ID } from '../chain/localChain';
import { LOCAL_UNISWAP_DEPLOYMENT as uniswap } from '../chain/localUniswap';
import { confirmations, onChainApprovals } from './confirmations';
import { multiSendCalls, multiSendData } from './multiSend';
import { checkPastedSignatures, parsePastedSignatures } from './pastedSignatures';
import { readSafe } from './readSafe';
import { fallbackHandlerAbi, multiSendAbi, safeAbi, signMessageLibAbi } from './safeAbi';
import { readSafeHistory } from './safeHistory';
import { approveHashCall, callSafeTx, execTransactionCall, type SafeTx, safeTxHash, safeTxTypedData } from './safeTx';
import { approvedSignature, checkedSignature, encodeSignatures, recoverSafeSignature } from './signatures';

const url = localChainUrl();
const node = testNode(url);
const client = chainClient(testNetwork(url));
const at = safeAddresses();
const { DAI } = demoContractAddresses();

/** Sends `call` from `from` (an unlocked account of the node) and returns the receipt. */
async function send(from: Address, call: { to: Address; value: bigint; data: Hex }) {
  await node.impersonateAccount({ address: from });
  if ((await node.getBalance({ address: from })) < parseEther('1'))
    await node.setBalance({ address: from, value: parseEther('10') });
  const hash = await node.sendTransaction({ account: from, chain: null, ...call });
  await node.stopImpersonatingAccount({ address: from });
  return node.waitForTransactionReceipt({ hash });
}

/** A 2-of-3 Safe of fresh demo accounts, holding 2 ETH and 100 DAI. */
async function twoOfThree(first: number) {
  const owners = await Promise.all([first, first + 1, first + 2].map(demoSigner));
  const address = await createTestSafe(node, { owners: owners.map((o) => o.address), threshold: 2 });
  await node.setBalance({ address, value: parseEther('2') });
  await addTokens(node as never, DAI, address, parseEther('100'));
  return { address, owners, ref: { chainId: LOCAL_CHAIN_ID, address } };
}

describe('a Safe on the local chain, with no Safe server', () => {
  it('reads a Safe 1.4.1 through the node, and its safeTxHash matches the contract’s own', async () => {
    const { address, owners, ref } = await twoOfThree(65);
    const state = await readSafe(client, LOCAL_CHAIN_ID, address);
    expect(state).toMatchObject({ known: { version: '1.4.1', l2: false }, threshold: 2, nonce: 0n, modules: [] });
    expect(state.owners.map((o) => o.toLowerCase()).sort()).toEqual(owners.map((o) => o.address.toLowerCase()).sort());
    expect(state.fallbackHandler).toBe(at.CompatibilityFallbackHandler);
    const tx = callSafeTx({ to: demoAddress(5), value: 1n, data: '0x1234' }, 0n);
    const onChain = await node.readContract({
      address,
      abi: parseAbi([
        'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes32)',
      ]),
      functionName: 'getTransactionHash',
      args: [
        tx.to,
        tx.value,
        tx.data,
        tx.operation,
        tx.safeTxGas,
        tx.baseGas,
        tx.gasPrice,
        tx.gasToken,
        tx.refundReceiver,
        tx.nonce,
      ],
    });
    expect(safeTxHash(ref, tx)).toBe(onChain);
  });

  it('refuses what is not a Safe, and a Safe-like contract whose code Safe never published', async () => {
    await expect(readSafe(client, LOCAL_CHAIN_ID, demoAddress(5))).rejects.toMatchObject({ code: 'SAFE_NOT_A_SAFE' });
    await expect(readSafe(client, LOCAL_CHAIN_ID, DAI)).rejects.toMatchObject({ code: 'SAFE_NOT_A_SAFE' });
    // A copy of Safe's singleton with one byte of its metadata changed: it behaves as a Safe.
    const code = (await node.getCode({ address: at.Safe })) as Hex;
    const lookAlike: Address = '0x5afe00000000000000000000000000000000a11e';
    await node.setCode({
      address: lookAlike,
      bytecode: `${code.slice(0, -2)}${code.endsWith('00') ? '01' : '00'}` as Hex,
    });
    const owner = await demoSigner(68);
    const address = await createTestSafe(node, { owners: [owner.address], threshold: 1, singletonAddress: lookAlike });
    await expect(readSafe(client, LOCAL_CHAIN_ID, address)).rejects.toMatchObject({ code: 'SAFE_UNKNOWN_CODE' });
    expect(await readSafe(client, LOCAL_CHAIN_ID, address, { allowUnknown: true })).toMatchObject({
      known: undefined,
      threshold: 1,
    });
  });

  it('refuses a Safe proxy whose singleton lies about being Safe’s, and a contract that answers nothing readable', async () => {
    // A genuine SafeProxy 1.4.1 made by Safe's own factory, running a singleton that claims
    // (through getStorageAt) to be Safe 1.4.1's canonical one and answers as a Safe would.
    const source = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;
contract LyingSingleton {
  function getStorageAt(uint256, uint256) external pure returns (bytes memory) { return abi.encode(${at.Safe}); }
  function getOwners() external pure returns (address[] memory owners) { owners = new address[](1); owners[0] = ${demoAddress(5)}; }
  function getThreshold() external pure returns (uint256) { return 1; }
  function nonce() external pure returns (uint256) { return 0; }
  function VERSION() external pure returns (string memory) { return "1.4.1"; }
}`;
    const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string };
    const output = JSON.parse(
      solc.compile(
        JSON.stringify({
          language: 'Solidity',
          sources: { 'Lying.sol': { content: source } },
          settings: { outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
        }),
      ),
    );
    const bytecode = `0x${output.contracts['Lying.sol'].LyingSingleton.evm.bytecode.object}` as Hex;
    const [deployer] = await node.getAddresses();
    const deployed = await node.waitForTransactionReceipt({
      hash: await node.sendTransaction({ account: deployer as Address, chain: null, data: bytecode }),
    });
    const lying = deployed.contractAddress as Address;
    const proxy = await createTestSafe(node, { owners: [], threshold: 0, singletonAddress: lying, initializer: '0x' });
    await expect(readSafe(client, LOCAL_CHAIN_ID, proxy)).rejects.toMatchObject({ code: 'SAFE_UNKNOWN_CODE' });

    // WETH9's fallback answers any call with nothing: the reader cannot decode it, so not a Safe.
    await expect(readSafe(client, LOCAL_CHAIN_ID, uniswap.wrappedNative)).rejects.toMatchObject({
      code: 'SAFE_NOT_A_SAFE',
    });
  });

  it('proposes, confirms offline and on-chain, and lets a non-owner execute, signatures given out of order', async () => {
    const { address, owners, ref } = await twoOfThree(70);
    const [a, b, c] = owners as [(typeof owners)[0], (typeof owners)[0], (typeof owners)[0]];
    const recipient = demoAddress(16);
    const before = await node.getBalance({ address: recipient });
    const tx = callSafeTx({ to: recipient, value: parseEther('0.5'), data: '0x' }, 0n);
    const hash = safeTxHash(ref, tx);
    const state = await readSafe(client, LOCAL_CHAIN_ID, address);

    // Owner C signs offline; a stranger's signature, one for another transaction and a second of C are refused.
    const fromC = await c.signTypedData(safeTxTypedData(ref, tx));
    const signedC = await checkedSignature({ hash, data: fromC, owners: state.owners, collected: [] });
    expect(signedC).toMatchObject({ signer: c.address, kind: 'eip712' });
    const stranger = await demoSigner(73);
    const fromStranger = await stranger.signTypedData(safeTxTypedData(ref, tx));
    await expect(
      checkedSignature({ hash, data: fromStranger, owners: state.owners, collected: [] }),
    ).rejects.toMatchObject({
      code: 'SAFE_SIGNATURE_NOT_OWNER',
    });
    const otherTx: SafeTx = { ...tx, value: 1n };
    const forOther = await a.signTypedData(safeTxTypedData(ref, otherTx));
    await expect(checkedSignature({ hash, data: forOther, owners: state.owners, collected: [] })).rejects.toMatchObject(
      {
        code: 'SAFE_SIGNATURE_NOT_OWNER',
      },
    );
    await expect(
      checkedSignature({ hash, data: fromC, owners: state.owners, collected: [signedC] }),
    ).rejects.toMatchObject({
      code: 'SAFE_SIGNATURE_DUPLICATE',
    });

    // Owner B approves on-chain.
    await send(b.address, approveHashCall(address, hash));
    const approved = await onChainApprovals(client, address, hash, state.owners);
    expect(approved).toEqual([b.address]);

    const counted = confirmations({
      owners: state.owners,
      threshold: state.threshold,
      signatures: [signedC],
      approvedOnChain: approved,
    });
    expect(counted.confirmed.map((x) => x.toLowerCase()).sort()).toEqual(
      [b.address, c.address].map((x) => x.toLowerCase()).sort(),
    );
    if (!counted.signatures) throw new Error('threshold not met');

    // Safe refuses the same two signatures in descending owner order; encodeSignatures sorts them.
    const descending = [signedC, approvedSignature(b.address)].sort((x, y) =>
      BigInt(x.signer) > BigInt(y.signer) ? -1 : 1,
    );
    const unsorted = concatHex(descending.map((signature) => signature.data));
    expect(unsorted).not.toBe(counted.signatures);
    const executor = demoAddress(17);
    await expect(
      node.estimateGas({ account: executor, ...execTransactionCall(address, tx, unsorted) }),
    ).rejects.toThrow(/GS026/);
    const receipt = await send(executor, execTransactionCall(address, tx, counted.signatures));
    expect(receipt.status).toBe('success');
    expect(await node.getBalance({ address: recipient })).toBe(before + parseEther('0.5'));
    expect((await readSafe(client, LOCAL_CHAIN_ID, address)).nonce).toBe(1n);

    // Its own history, newest first: the execution, then owner B's on-chain approval.
    const { events: history } = await readSafeHistory(client, address, headBlockOf(await node.getBlock()));
    expect(history.map((event) => event.kind)).toEqual(['executed', 'approved']);
    expect(history[0]).toMatchObject({ safeTxHash: hash, hash: receipt.transactionHash });
    expect(history[1]).toMatchObject({ safeTxHash: hash, owner: b.address });
  });

  it('reads the seeded Safe’s history from its events: the ETH it received and its execution', async () => {
    const { events: history } = await readSafeHistory(client, demoSafeAddress(), headBlockOf(await node.getBlock()));
    expect(history.map((event) => event.kind)).toEqual(['executed', 'received']);
    expect(history[1]).toMatchObject({ value: parseEther('5.1') });
  });

  it('sends a batch through MultiSendCallOnly in one Safe transaction', async () => {
    const { address, owners, ref } = await twoOfThree(74);
    const [a, b] = owners as [(typeof owners)[0], (typeof owners)[0]];
    const calls = [
      { to: demoAddress(18), value: parseEther('0.25'), data: '0x' as Hex },
      {
        to: DAI,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [demoAddress(18), parseEther('7')] }),
      },
    ];
    const data = multiSendData(calls);
    const [packed] = decodeFunctionData({ abi: multiSendAbi, data }).args;
    expect(multiSendCalls(packed)).toEqual(calls);
    const tx = callSafeTx({ to: at.MultiSendCallOnly, value: 0n, data }, 0n, 1);
    const hash = safeTxHash(ref, tx);
    const signatures = await Promise.all(
      [a, b].map(async (owner) => recoverSafeSignature(hash, await owner.signTypedData(safeTxTypedData(ref, tx)))),
    );
    const ethBefore = await node.getBalance({ address: demoAddress(18) });
    const receipt = await send(demoAddress(17), execTransactionCall(address, tx, encodeSignatures(signatures)));
    expect(receipt.status).toBe('success');
    expect(await node.getBalance({ address: demoAddress(18) })).toBe(ethBefore + parseEther('0.25'));
    expect(await node.readContract({ address: DAI, abi: erc20Abi, functionName: 'balanceOf', args: [address] })).toBe(
      parseEther('93'),
    );
  });

  it('executes with signatures made outside Cairn: a personal_sign of the hash, an EIP-712 one with a bare parity', async () => {
    const { address, owners, ref } = await twoOfThree(83);
    const [a, b] = owners as [(typeof owners)[0], (typeof owners)[0]];
    const recipient = demoAddress(19);
    const before = await node.getBalance({ address: recipient });
    const tx = callSafeTx({ to: recipient, value: parseEther('0.1'), data: '0x' }, 0n);
    const hash = safeTxHash(ref, tx);
    const state = await readSafe(client, LOCAL_CHAIN_ID, address);
    // What `cast wallet sign <safeTxHash>` gives (v 27/28), and a signer that gives v as 0/1.
    const personal = await a.signMessage({ message: { raw: hash } });
    const typed = await b.signTypedData(safeTxTypedData(ref, tx));
    const parity = concatHex([slice(typed, 0, 64), typed.endsWith('1b') ? '0x00' : '0x01']);
    const { accepted, refused } = await checkPastedSignatures(parsePastedSignatures(concatHex([personal, parity])), {
      hash,
      owners: state.owners,
      counted: [],
      others: [],
    });
    expect(refused).toEqual([]);
    expect(accepted.map((s) => [s.signer, s.kind])).toEqual([
      [a.address, 'ethSign'],
      [b.address, 'eip712'],
    ]);
    // Safe itself takes them, in the form Cairn keeps.
    const receipt = await send(demoAddress(17), execTransactionCall(address, tx, encodeSignatures(accepted)));
    expect(receipt.status).toBe('success');
    expect(await node.getBalance({ address: recipient })).toBe(before + parseEther('0.1'));
  });

  it('signs a message as the Safe (EIP-1271) through SignMessageLib', async () => {
    const { address, owners, ref } = await twoOfThree(77);
    // What a site checks: isValidSignature(hash of its message, empty signature), answered by the
    // fallback handler once SignMessageLib, run by the Safe, has marked that hash as signed.
    const digest = hashMessage('Sign in to example.org as this Safe');
    const data = encodeFunctionData({ abi: signMessageLibAbi, functionName: 'signMessage', args: [digest] });
    const tx = callSafeTx({ to: at.SignMessageLib, value: 0n, data }, 0n, 1);
    const hash = safeTxHash(ref, tx);
    const signatures = await Promise.all(
      owners
        .slice(0, 2)
        .map(async (owner) => recoverSafeSignature(hash, await owner.signTypedData(safeTxTypedData(ref, tx)))),
    );
    const before = await node
      .readContract({ address, abi: fallbackHandlerAbi, functionName: 'isValidSignature', args: [digest, '0x'] })
      .catch(() => 'refused');
    expect(before).not.toBe('0x1626ba7e');
    await send(demoAddress(17), execTransactionCall(address, tx, encodeSignatures(signatures)));
    const answer = await node.readContract({
      address,
      abi: fallbackHandlerAbi,
      functionName: 'isValidSignature',
      args: [digest, '0x'],
    });
    expect(answer).toBe('0x1626ba7e');
    expect(await node.readContract({ address, abi: safeAbi, functionName: 'nonce' })).toBe(1n);
  });
});
