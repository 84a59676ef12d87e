// Permit2 at its canonical address, with Uniswap's own code. No npm package ships Permit2's build;
// v4-periphery carries its runtime code (DeployPermit2.sol, MIT), which Uniswap's tests etch at the
// canonical address. That code caches the chain id it was built on (31337, as here) with a domain
// separator computed for another address, so on this chain it would answer that wrong separator
// and refuse every signed permit. With chain id 1 cached instead (one 32-byte word, the same
// length), it computes the separator for its own address and this chain's id, as the canonical
// deployment does on every chain but mainnet.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hex } from 'viem';
import { PERMIT2_ADDRESS } from '../src/core/chain/localChain.ts';
import type { SeedClient } from './seedSupport.ts';

const SOURCE = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'node_modules/@uniswap/v4-periphery/lib/permit2/test/utils/DeployPermit2.sol',
);
const PUSH32 = '7f';
const word = (value: number) => value.toString(16).padStart(64, '0');

/** Permit2's runtime code as Uniswap's tests have it, with chain id 1 cached in place of 31337. */
export function permit2RuntimeCode(): Hex {
  const code = /hex"([0-9a-f]+)"/.exec(readFileSync(SOURCE, 'utf8'))?.[1];
  if (!code) throw new Error(`no runtime code in ${SOURCE}`);
  const cached = PUSH32 + word(31_337);
  if (code.split(cached).length !== 2) throw new Error('Permit2 code: the cached chain id is not where it was');
  return `0x${code.replace(cached, PUSH32 + word(1))}`;
}

export async function placePermit2(client: SeedClient): Promise<void> {
  await client.setCode({ address: PERMIT2_ADDRESS, bytecode: permit2RuntimeCode() });
}
