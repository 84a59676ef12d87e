import { describe, expect, it } from 'vitest';
import { acceptedOrThrow, type TxRecord } from './record';

const record = (status: TxRecord['status'], broadcastError?: string) =>
  ({ status, broadcastError, hash: '0xabc' }) as unknown as TxRecord;

describe('a transaction handed to a site', () => {
  it('is the record while the node took it or may still take it', () => {
    for (const status of ['pending', 'signed', 'confirmed'] as const)
      expect(acceptedOrThrow(record(status)).hash).toBe('0xabc');
  });

  it('is refused with the node’s words when the node refused it for good', () => {
    expect(() => acceptedOrThrow(record('rejected', 'nonce too low'))).toThrow(
      expect.objectContaining({ code: 'TX_REFUSED', shortMessage: 'The node refused the transaction: nonce too low.' }),
    );
  });
});
