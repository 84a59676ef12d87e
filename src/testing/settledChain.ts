// Tests on a worker's shared chain may leave hardhat_setBalance / hardhat_setCode writes that no
// block has sealed yet: the latest header's state root then does not cover the state the node
// proves, and an honest node's proofs fail against it. The wallet asks such a proof again after
// the next block before it calls it a lie (core/verify/headClaims.ts, tested there), so this is no
// longer needed for correctness; tests of one check at one block (verifyBalances, a verified call)
// mine one block first so their first check already proves.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type RpcFaultProxy, startRpcFaultProxy } from './rpcFaultProxy';
import { testNode } from './txFixtures';

/** Mines a block on `url`, so its latest state root covers every write made before. */
export async function sealPendingWrites(url: string): Promise<void> {
  await testNode(url).mine({ blocks: 1 });
}

/**
 * For a file of verification tests: a fault proxy in front of the node at `url`, started once the
 * pending writes are sealed, honest again before each test, closed after the file. Usable from the
 * file's top level; its members reach the proxy once started.
 */
export function proofsProxy(url: string): RpcFaultProxy {
  let started: RpcFaultProxy | undefined;
  beforeAll(async () => {
    await sealPendingWrites(url);
    started = await startRpcFaultProxy(url);
  });
  afterAll(() => started?.close());
  beforeEach(() => started?.setFault({ kind: 'none' }));
  return new Proxy({} as RpcFaultProxy, {
    get(_, key) {
      if (!started) throw new Error('the proofs proxy starts before the first test');
      const value = Reflect.get(started, key);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}
