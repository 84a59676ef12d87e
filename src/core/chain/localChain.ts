import type { Address } from 'viem';

/** Chain id of Cairn's embedded local chain (Hardhat's default). */
export const LOCAL_CHAIN_ID = 31337;

/** Chain id of Cairn's embedded local OP Stack chain (the OP Stack's own devnet id). */
export const LOCAL_OP_CHAIN_ID = 901;

/** Where `npm start` serves the local chain unless told otherwise. */
export const DEFAULT_LOCAL_RPC_URL = 'http://127.0.0.1:8545';

/**
 * The well-known public Hardhat test mnemonic. Anyone can derive its keys: funds sent to these
 * accounts on a real network are taken within seconds. Used only for the local demo chain.
 */
export const DEMO_MNEMONIC = 'test test test test test test test test test test test junk';

/** Canonical Multicall3 address, identical on every chain where it is deployed. */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** Uniswap's Permit2, at the same address on every chain where it is deployed (the local chain's seed puts it there). */
export const PERMIT2_ADDRESS: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3';

/** keccak256 of the canonical Multicall3 runtime code (3,808 bytes, solc 0.8.12). */
export const MULTICALL3_CODE_HASH = '0xd5c15df687b16f2ff992fc8d767b4216323184a2bbc6ee2f9c398c318e770891';

// A network whose Multicall3 is elsewhere names it in its facts (Network.multicall, generated from
// viem/chains): ZKsync Era's, at 0xF9cda624FBC7e059355ce98a31693d299FACd963, Multicall3 built for
// EraVM (viem's zksync chain; multicall3.com's deployments; wevm/references#295, where Multicall3's
// author tells of its redeploy there). The keccak256 of its code is not recorded: no source Cairn
// could read (without a ZKsync node) publishes that EraVM bytecode or its hash, and a hash is a
// fact, not to be guessed. So at such an address Cairn checks that code is there, not which
// (isTrustedMulticall): the address comes from the chain's own facts, not from a node or a site.
// To record it, hash what `eth_getCode` returns there, and compare it here as the canonical one's.

/** The local chain's 2-of-3 Safe of demo accounts 1–3, made by the seed (devchain/demoSafe.ts). */
export const LOCAL_DEMO_SAFE: Address = '0xf506975D8cD786627C43D98B47Aa473A648AC205';

/** The local chain's stand-in for ENS (alice.eth, bob.eth), deployed by the seed. */
export const LOCAL_ENS_RESOLVER: Address = '0xA7c8B0D74b68EF10511F27e97c379FB1651e1eD2';
