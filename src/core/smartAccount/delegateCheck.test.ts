import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Hex, zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairnRefusal, expectRefusal } from '@/testing/expectRefusal';
import { runtimesOn } from '../../../scripts/generate/delegationEvm.ts';
import { FRAMEWORK_CONTRACT_KEYS, readDeployments } from '../../../scripts/generate/delegationInputs.ts';
import { chainClient } from '../chain/client';
import { localNetwork } from '../chain/networks';
import {
  checkAuthorizationTarget,
  checkDelegateCode,
  checkOtherDelegateTarget,
  SPONSORSHIP_ENFORCERS,
} from './delegateCheck';
import { DELEGATION_CONTRACTS, type FrameworkContract } from './delegates';
import { sponsoredDelegation } from './sponsorship';

const ACCOUNT = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';

describe('the delegates Cairn signs an authorization for', () => {
  it('takes its own delegate and the zero address, and another contract only through the advanced choice', () => {
    checkAuthorizationTarget(DELEGATION_CONTRACTS.delegator, { otherAllowed: false });
    checkAuthorizationTarget(zeroAddress, { otherAllowed: false });
    checkAuthorizationTarget(OTHER, { otherAllowed: true });
    expectRefusal(
      () => checkAuthorizationTarget(OTHER, { otherAllowed: false }),
      'SMART_DELEGATE_NOT_ALLOWED',
      /only to MetaMask’s delegate/,
    );
  });

  it('refuses as another delegate the zero address, the account itself and the framework’s other contracts', () => {
    checkOtherDelegateTarget(ACCOUNT, OTHER);
    expectRefusal(() => checkOtherDelegateTarget(ACCOUNT, zeroAddress), 'SMART_DELEGATE_NOT_ALLOWED', /use Undo/);
    expectRefusal(
      () => checkOtherDelegateTarget(ACCOUNT, ACCOUNT),
      'SMART_DELEGATE_NOT_ALLOWED',
      /this account itself/,
    );
    for (const contract of [DELEGATION_CONTRACTS.delegationManager, DELEGATION_CONTRACTS.timestampEnforcer])
      expectRefusal(
        () => checkOtherDelegateTarget(ACCOUNT, contract),
        'SMART_DELEGATE_NOT_ALLOWED',
        /framework’s own contracts/,
      );
  });
});

/**
 * A node for chain 1 answering eth_getCode from `codes` (by lower-case address; none: no code),
 * counting the HTTP requests it gets and the calls in them.
 */
function codeNode() {
  const codes = new Map<string, Hex>();
  const requests: string[][] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const parsed = JSON.parse(body) as { id: number; method: string; params: [string] } | [];
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      requests.push(calls.map((call) => call.method));
      const answers = calls.map(({ id, method, params }) =>
        method === 'eth_getCode'
          ? { jsonrpc: '2.0', id, result: codes.get(params[0].toLowerCase()) ?? '0x' }
          : { jsonrpc: '2.0', id, error: { code: -32601, message: `no ${method} here` } },
      );
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
    });
  });
  return { server, codes, requests };
}

const node = codeNode();
let client: ReturnType<typeof chainClient>;
/** The code MetaMask's deployment input leaves at each contract's address on chain 1. */
const published = new Map<FrameworkContract, Hex>();

beforeAll(async () => {
  const deployments = readDeployments();
  const runtimes = await runtimesOn(
    1,
    FRAMEWORK_CONTRACT_KEYS.map((contract) => deployments[contract]),
  );
  FRAMEWORK_CONTRACT_KEYS.forEach((contract, i) => {
    published.set(contract, runtimes[i] as Hex);
  });
  await new Promise<void>((resolve) => node.server.listen(0, '127.0.0.1', resolve));
  const { port } = node.server.address() as AddressInfo;
  client = chainClient({ ...localNetwork(`http://127.0.0.1:${port}`), id: 'delegate-check-test', chainId: 1 });
}, 30_000);

afterAll(() => new Promise<void>((resolve) => node.server.close(() => resolve())));

/** Chain 1 with the published code everywhere, but `changed`'s last byte altered (or its code removed). */
function chainWith(changed?: FrameworkContract, how: 'altered' | 'removed' = 'altered'): void {
  node.codes.clear();
  node.requests.length = 0;
  for (const [contract, code] of published) {
    const last = code.endsWith('00') ? '01' : '00';
    if (contract !== changed) node.codes.set(DELEGATION_CONTRACTS[contract].toLowerCase(), code);
    else if (how === 'altered')
      node.codes.set(DELEGATION_CONTRACTS[contract].toLowerCase(), `${code.slice(0, -2)}${last}` as Hex);
  }
}

async function mismatch(promise: Promise<void>, contract: FrameworkContract) {
  const error = await cairnRefusal(promise);
  expect(error.code).toBe('SMART_DELEGATE_MISMATCH');
  expect(error.details).toContain(`${contract} ${DELEGATION_CONTRACTS[contract]}`);
  return error;
}

describe('the code check before an upgrade or a sponsored batch', () => {
  it('passes the published code, reading it in one request: the delegator and manager, and the enforcers when sponsored', async () => {
    chainWith();
    await checkDelegateCode(client, 1);
    expect(node.requests).toEqual([['eth_getCode', 'eth_getCode']]);
    node.requests.length = 0;
    await checkDelegateCode(client, 1, { sponsorship: true });
    expect(node.requests).toEqual([Array(5).fill('eth_getCode')]);
  });

  it('refuses a delegator or a DelegationManager with other code, naming it', async () => {
    chainWith('delegator');
    const delegator = await mismatch(checkDelegateCode(client, 1), 'delegator');
    expect(delegator.shortMessage).toMatch(/MetaMask’s delegate address/);

    chainWith('delegationManager');
    const manager = await mismatch(checkDelegateCode(client, 1), 'delegationManager');
    expect(manager.shortMessage).toContain(`contract DelegationManager at ${DELEGATION_CONTRACTS.delegationManager}`);
    expect(manager.details).not.toContain('delegator');
    await mismatch(checkDelegateCode(client, 1, { sponsorship: true }), 'delegationManager');

    chainWith('delegationManager', 'removed');
    expect((await mismatch(checkDelegateCode(client, 1), 'delegationManager')).details).toContain('found no code');
  });

  it('refuses each enforcer of a sponsored batch with other code, which an upgrade alone does not read', async () => {
    for (const enforcer of SPONSORSHIP_ENFORCERS) {
      chainWith(enforcer);
      await checkDelegateCode(client, 1);
      const error = await mismatch(checkDelegateCode(client, 1, { sponsorship: true }), enforcer);
      expect(error.shortMessage).toContain(DELEGATION_CONTRACTS[enforcer]);
    }
  });

  it('refuses a chain it has no hashes for, without asking the node', async () => {
    chainWith();
    const error = await cairnRefusal(checkDelegateCode(client, 999_999_999, { sponsorship: true }));
    expect(error.code).toBe('SMART_DELEGATE_UNVERIFIED');
    expect(node.requests).toEqual([]);
  });

  it('reads exactly the enforcers a delegation for another account’s gas names', () => {
    const delegation = sponsoredDelegation({ account: ACCOUNT, payer: OTHER, calls: [], expiresAt: 1n, salt: 1n });
    expect(delegation.caveats.map((caveat) => caveat.enforcer)).toEqual(
      SPONSORSHIP_ENFORCERS.map((enforcer) => DELEGATION_CONTRACTS[enforcer]),
    );
  });
});
