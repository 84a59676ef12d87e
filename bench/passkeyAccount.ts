// A passkey account's gas (issue 52), mined on fresh local chains (gasUsed from receipts): the
// upgrade (a paying account sends the fresh key's authorization and the first passkey's
// registration), a second passkey added (a batch the first signs, calling the account itself),
// and 1 ETH sent from the account, authorised by a passkey and sent with another account's gas,
// beside a plain EOA's 1 ETH send. Measured at Hardhat's default hardfork (osaka: EIP-7951's
// P256VERIFY answers) and at prague, which has no such precompile, so OpenZeppelin's P256 falls
// back to its Solidity verifier. Each chain gets the delegate and its WebAuthn verifier as the seed
// places them (CREATE2 through the deterministic deployer), checked against the recorded code hash first. The
// smart-account section gives the MetaMask delegate's batch figures beside these. Placing the two
// contracts, which a person does once where a network has none, is measured as well.
import { parseEther } from 'viem';
import { DELEGATION_DEPLOYER_INDEX } from '../devchain/delegation.ts';
import { deterministicDeployerSteps } from '../devchain/deterministicDeployer.ts';
import { passkeyDelegateSteps } from '../devchain/passkeyDelegate.ts';
import { mineBlock } from '../devchain/scenarios.ts';
import { demoAccount, demoAddress, seedClient } from '../devchain/seedSupport.ts';
import { LOCAL_CHAIN_ID } from '../src/core/chain/localChain.ts';
import type { ExecutionCall } from '../src/core/smartAccount/execution.ts';
import { p256PrecompileAnswers } from '../src/core/smartAccount/passkey/p256Precompile.ts';
import { checkPasskeyDelegateCode } from '../src/core/smartAccount/passkey/passkeyDelegateCheck.ts';
import { encodeAddPasskey } from '../src/core/smartAccount/passkey/passkeySigners.ts';
import { p256Authenticator } from '../src/testing/p256Authenticator.ts';
import { passkeyAccountFlow } from '../src/testing/passkeyAccountFlow.ts';
import type { Held } from './held.ts';
import { openChain } from './stage.ts';

const PAYER = 3;
const RECIPIENT = 4;

type Figures = {
  precompile: boolean;
  upgrade: bigint;
  /** The account's first batch: 1 ETH, signed by its first passkey (the nonce goes from 0 to 1). */
  passkeySend: bigint;
  addPasskey: bigint;
  /** 1 ETH again, signed by the passkey just added (a later batch: the nonce's slot is not new). */
  secondSend: bigint;
  plainSend: bigint;
  /** Placing the verifier, then the delegate, through the deterministic deployer (once per network). */
  placement: readonly bigint[];
};

async function measure(held: Held, hardfork: string | undefined): Promise<Figures> {
  const chain = await openChain(held, hardfork ? { hardfork } : {});
  const client = seedClient(chain.url);
  const deployer = demoAccount(DELEGATION_DEPLOYER_INDEX);
  await client.setBalance({ address: deployer.address, value: parseEther('10') });
  await mineBlock(client, await deterministicDeployerSteps(client));
  const placement: bigint[] = [];
  for (const step of passkeyDelegateSteps(deployer)) {
    placement.push((await client.waitForTransactionReceipt({ hash: await step(client) })).gasUsed);
  }
  await checkPasskeyDelegateCode(client, LOCAL_CHAIN_ID);

  const flow = passkeyAccountFlow(chain.url, PAYER);
  const authenticator = p256Authenticator();
  const { account, gasUsed: upgrade } = await flow.upgrade(authenticator);
  await client.setBalance({ address: account, value: parseEther('2') });
  const oneEth = [{ to: demoAddress(RECIPIENT), value: parseEther('1'), data: '0x' as const }];
  const sent = async (calls: readonly ExecutionCall[], by: typeof authenticator) =>
    (await flow.send((await flow.signedBatch(account, calls, by)).call)).gasUsed;
  const passkeySend = await sent(oneEth, authenticator);
  const second = p256Authenticator();
  const addPasskey = await sent([encodeAddPasskey(account, second.publicKey)], authenticator);
  const secondSend = await sent(oneEth, second);
  const plainSend = (await flow.send({ to: demoAddress(RECIPIENT), value: parseEther('1'), data: '0x' })).gasUsed;
  const precompile = await p256PrecompileAnswers(client);
  return { precompile, upgrade, passkeySend, addPasskey, secondSend, plainSend, placement };
}

const gas = (value: bigint) => `${value.toLocaleString('en-US')} gas`;

export async function benchPasskeyAccount(held: Held): Promise<string> {
  const osaka = await measure(held, undefined);
  const prague = await measure(held, 'prague');
  const line = (name: string, f: Figures) =>
    `  ${name} (P256VERIFY ${f.precompile ? 'answers' : 'absent'}): upgrade ${gas(f.upgrade)}; first batch, 1 ETH sent by passkey with another account's gas ${gas(f.passkeySend)}; second passkey added ${gas(f.addPasskey)}; 1 ETH signed by the second passkey ${gas(f.secondSend)}; plain EOA 1 ETH send ${gas(f.plainSend)}`;
  return [
    'passkey account (OpenZeppelin Account + MultiSignerERC7913 + ERC7913WebAuthnVerifier + ERC7821, EIP-7702), gasUsed of mined transactions:',
    line('osaka', osaka),
    line('prague', prague),
    `  the passkey account's 1 ETH send is ${(Number(osaka.passkeySend) / Number(osaka.plainSend)).toFixed(2)}× a plain EOA send on osaka (the smart account's 1 ETH with another's gas is in smart-account)`,
    `  placing the contracts where a network has none (once per network, through the deterministic deployer): verifier ${gas(osaka.placement[0] ?? 0n)}, delegate ${gas(osaka.placement[1] ?? 0n)}`,
    `  without the precompile the send costs ${gas(prague.passkeySend - osaka.passkeySend)} more (${(Number(prague.passkeySend) / Number(osaka.passkeySend)).toFixed(2)}×)`,
  ].join('\n');
}
