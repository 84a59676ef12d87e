// Compiles the passkey account's delegate (src/core/smartAccount/passkey/PasskeyAccount.sol, built
// from @openzeppelin/contracts at the version package.json pins) and renders its generated module:
// the ABI, the CREATE2 input that places it through the deterministic deployer at one address on
// every chain, and the keccak256 of the runtime it leaves there on Cairn's local chain. The runtime
// keeps immutables its constructor reads from the chain (OpenZeppelin EIP712's chain id and cached
// domain separator), so its hash is computed per chain id, in an in-process EVM (delegationEvm.ts).
// Beside it, OpenZeppelin's ERC7913WebAuthnVerifier, compiled from the package's own source and
// placed the same way: the delegate's constructor is given its address, and each passkey the
// account holds is that address ‖ the passkey's key. It keeps no immutables: one hash everywhere.
// Used by `npm run generate:passkey-delegate` and the test that keeps the committed module in step.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { type Abi, type Address, concat, encodeAbiParameters, type Hex, keccak256, zeroHash } from 'viem';
import { DETERMINISTIC_DEPLOYER, deterministicAddress } from '../../src/core/chain/deterministicDeployer.ts';
import { LOCAL_CHAIN_ID, LOCAL_OP_CHAIN_ID } from '../../src/core/chain/localChain.ts';
import { presetChains } from '../../src/core/chain/presetChains.generated.ts';
import { lacksEip7702 } from '../../src/core/smartAccount/support.ts';
import { runtimesOn } from './delegationEvm.ts';
import { compileCairnContract, compilePackageContract } from './solc.ts';

export const PASSKEY_DELEGATE_SOURCE = fileURLToPath(
  new URL('../../src/core/smartAccount/passkey/PasskeyAccount.sol', import.meta.url),
);
export const PASSKEY_DELEGATE_MODULE = fileURLToPath(
  new URL('../../src/core/smartAccount/passkey/passkeyDelegate.generated.ts', import.meta.url),
);

/**
 * The chains whose code hash the module records: every network Cairn presets that can run EIP-7702
 * (not a ZKsync chain, whose EraVM neither takes delegations nor derives CREATE2 addresses as the
 * EVM does), and Cairn's two local chains. Where the contracts are not yet placed, the person can
 * place them (passkeyPlacement.ts); on any other network, a passkey account is refused.
 */
export const PASSKEY_DELEGATE_CHAINS: readonly number[] = [
  ...presetChains.filter((preset) => !lacksEip7702(preset.feeFamily)).map((preset) => preset.chainId),
  LOCAL_CHAIN_ID,
  LOCAL_OP_CHAIN_ID,
];

/** The audited verifier of a passkey's WebAuthn assertions, as OpenZeppelin ships it. */
export const PASSKEY_VERIFIER_SOURCE =
  '@openzeppelin/contracts/utils/cryptography/verifiers/ERC7913WebAuthnVerifier.sol';

export type PasskeyVerifier = { initCode: Hex; address: Address; codeHash: Hex };

export type PasskeyDelegate = {
  abi: Abi;
  solcVersion: string;
  openZeppelinVersion: string;
  salt: Hex;
  initCode: Hex;
  address: Address;
  /** Chain id → keccak256 of the runtime at `address`. */
  codeHashes: Readonly<Record<number, Hex>>;
  verifier: PasskeyVerifier;
};

async function runtimeOn(chainId: number, contractName: string, salt: Hex, initCode: Hex): Promise<Hex> {
  const [runtime] = await runtimesOn(chainId, [{ contractName, deployer: DETERMINISTIC_DEPLOYER, salt, initCode }]);
  if (runtime === undefined) throw new Error(`${contractName} left no code on chain ${chainId}`);
  return runtime;
}

export async function computePasskeyDelegate(): Promise<PasskeyDelegate> {
  const salt = zeroHash;
  const verifierCode = compilePackageContract(PASSKEY_VERIFIER_SOURCE, 'ERC7913WebAuthnVerifier', {
    evmVersion: 'cancun',
  }).creation;
  const verifierAddress = deterministicAddress(salt, verifierCode);
  const compiled = compileCairnContract(PASSKEY_DELEGATE_SOURCE, 'PasskeyAccount', { evmVersion: 'cancun' });
  const initCode = concat([compiled.creation, encodeAbiParameters([{ type: 'address' }], [verifierAddress])]);
  const codeHashes: Record<number, Hex> = {};
  const verifierHashes = new Set<Hex>();
  for (const chainId of PASSKEY_DELEGATE_CHAINS) {
    codeHashes[chainId] = keccak256(await runtimeOn(chainId, 'PasskeyAccount', salt, initCode));
    verifierHashes.add(keccak256(await runtimeOn(chainId, 'ERC7913WebAuthnVerifier', salt, verifierCode)));
  }
  const [verifierHash] = verifierHashes;
  if (verifierHashes.size !== 1 || verifierHash === undefined) throw new Error('the verifier differs between chains');
  const pkg = createRequire(import.meta.url).resolve('@openzeppelin/contracts/package.json');
  return {
    abi: compiled.abi,
    solcVersion: compiled.solcVersion,
    openZeppelinVersion: (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version,
    salt,
    initCode,
    address: deterministicAddress(salt, initCode),
    codeHashes,
    verifier: { initCode: verifierCode, address: verifierAddress, codeHash: verifierHash },
  };
}

export function renderPasskeyDelegateModule(delegate: PasskeyDelegate): string {
  return `// Generated by \`npm run generate:passkey-delegate\` from PasskeyAccount.sol. Do not edit by hand.
// solc ${delegate.solcVersion}, @openzeppelin/contracts ${delegate.openZeppelinVersion}.
//
// The delegate is placed by CREATE2 through the deterministic deployer (its input:
// PASSKEY_DELEGATE_SALT followed by PASSKEY_DELEGATE_INIT_CODE), so its address is the same on
// every chain. Its runtime keeps the chain id (OpenZeppelin EIP712's cached domain), so its
// code hash is computed per chain, in an in-process EVM; to confirm one on a chain, hash the code
// its node returns: keccak256(await client.getCode({ address: PASSKEY_DELEGATE_ADDRESS })).
// Where a network has neither yet, anyone may send these inputs to the deterministic deployer
// (Cairn's "Place the passkey contracts" step does, then checks the hashes).
// OpenZeppelin's ERC7913WebAuthnVerifier (its own source, unchanged) is placed the same way; the
// delegate's init code ends with its address, and every passkey the account holds names it.

/** The version of OpenZeppelin Contracts the delegate is built from. */
export const PASSKEY_DELEGATE_OPENZEPPELIN = '${delegate.openZeppelinVersion}' as const;

export const PASSKEY_DELEGATE_ADDRESS = '${delegate.address}' as const;

export const PASSKEY_DELEGATE_SALT = '${delegate.salt}' as const;

/** Chain id → keccak256 of the delegate's runtime there: every preset network that runs EIP-7702, and the local chains. */
export const PASSKEY_DELEGATE_CODE_HASHES: Readonly<Record<number, \`0x\${string}\`>> = Object.freeze(${JSON.stringify(delegate.codeHashes)});

export const passkeyDelegateAbi = ${JSON.stringify(delegate.abi)} as const;

/** The creation code, with the verifier's address as its argument: the deterministic deployer's input after the salt. */
export const PASSKEY_DELEGATE_INIT_CODE = '${delegate.initCode}' as const;

/** OpenZeppelin's ERC7913WebAuthnVerifier: where it is (same salt), its code's hash on every chain, its creation code. */
export const PASSKEY_VERIFIER_ADDRESS = '${delegate.verifier.address}' as const;

export const PASSKEY_VERIFIER_CODE_HASH = '${delegate.verifier.codeHash}' as const;

export const PASSKEY_VERIFIER_INIT_CODE = '${delegate.verifier.initCode}' as const;
`;
}
