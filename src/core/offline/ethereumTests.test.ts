// The ethereum/tests TransactionTests vectors on the broadcast decoder: valid transactions decode to
// the given sender, hash and intrinsic gas; invalid ones are refused with a specific reason.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isCairnError } from '../errors/base';
import { renderMessage } from '../i18n/message';
import { checkForNetwork } from './networkCheck';
import { decodeRawTransaction } from './rawTx';

const root = fileURLToPath(new URL('../../testing/vectors/transactions/ethereum-tests', import.meta.url));

/** Forks oldest to newest: each test is judged by the newest fork it lists. */
const FORKS = [
  'Frontier',
  'Homestead',
  'EIP150',
  'EIP158',
  'Byzantium',
  'Constantinople',
  'ConstantinopleFix',
  'Istanbul',
  'Berlin',
  'London',
  'Paris',
  'Shanghai',
  'Cancun',
  'Prague',
  'Osaka',
];
/** The chain id these tests run with. */
const TEST_CHAIN_ID = 1;

type Result = { hash: string; sender: string; intrinsicGas: string } | { exception: string; intrinsicGas: string };
type Vector = { result: Record<string, Result>; txbytes: string };

/** The reason each invalid vector must be refused with: specific to what is wrong. */
const EXPECTED_REFUSALS: Record<string, RegExp> = {
  RLPExtraRandomByteAtTheEnd: /not a well-formed transaction: 2 extra bytes follow the end/,
  RLPIncorrectByteEncoding00: /^The nonce is written with a leading zero byte/,
  Vitalik_15: /signed for chain id 3, but the selected network is chain id 1/,
  invalidSignature: /signature's r is not below the secp256k1 curve order/,
  ValidChainID1InvalidV0: /v = 36 would mean chain id 0/,
  TransactionWithSvalueLargerThan_c_secp256k1n_x05: /signature's s is in the upper half of the curve order/,
  maxPriorityFeePerGas00prefix: /^The priority fee is written with a leading zero byte/,
  accessListAddressLessThan20: /^Access list entry 1: the address must be 20 bytes; it has 19/,
};

function* jsonFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* jsonFiles(path);
    else if (entry.name.endsWith('.json')) yield path;
  }
}

function newestResult(result: Record<string, Result>): [string, Result] {
  const fork = [...FORKS].reverse().find((name) => name in result);
  const value = fork ? result[fork] : undefined;
  if (!fork || !value) throw new Error(`no known fork among ${Object.keys(result).join(', ')}`);
  return [fork, value];
}

/** The decoder's refusal, or the network check's for chain id 1, or undefined when accepted. */
function refusal(txbytes: string): string | undefined {
  try {
    const check = checkForNetwork(decodeRawTransaction(txbytes), TEST_CHAIN_ID);
    return check.ok ? undefined : renderMessage(check.refusal);
  } catch (error) {
    if (isCairnError(error) && error.code === 'INPUT_RAW_TX') return error.shortMessage;
    throw error;
  }
}

const files = [...jsonFiles(root)];

describe('ethereum/tests TransactionTests', () => {
  it('finds the 18 vector files', () => {
    expect(files).toHaveLength(18);
  });

  for (const file of files) {
    const vectors = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Vector>;
    for (const [name, vector] of Object.entries(vectors)) {
      const [fork, result] = newestResult(vector.result);
      const label = `${relative(root, file)} (${fork})`;
      if ('exception' in result) {
        it(`${label}: refuses ${name} (${result.exception}) with a specific reason`, () => {
          const expected = EXPECTED_REFUSALS[name];
          if (!expected) throw new Error(`add the expected refusal for ${name}`);
          expect(refusal(vector.txbytes)).toMatch(expected);
        });
      } else {
        it(`${label}: decodes ${name} to its sender, hash and intrinsic gas`, () => {
          const decoded = decodeRawTransaction(vector.txbytes);
          expect(decoded.from.toLowerCase()).toBe(result.sender);
          expect(decoded.hash).toBe(result.hash);
          expect(decoded.intrinsicGas).toBe(BigInt(result.intrinsicGas));
          expect(decoded.problems).toEqual([]);
          expect(checkForNetwork(decoded, TEST_CHAIN_ID).ok).toBe(true);
        });
      }
    }
  }
});
