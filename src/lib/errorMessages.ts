import { isCairnError } from '@/core/errors/base';

export type ErrorCopy = { title: string; body: string; details: string | undefined };

const titles: Record<string, string> = {
  CHAIN_UNREACHABLE: 'Node unreachable',
  CHAIN_TIMEOUT: 'Node not answering',
  CHAIN_WRONG_CHAIN: 'Wrong chain',
  CHAIN_RATE_LIMITED: 'Node is rate limiting',
  CHAIN_NODE_ERROR: 'Node error',
  CHAIN_MALFORMED_RESPONSE: 'Unreadable answer from the node',
  CHAIN_METHOD_UNSUPPORTED: 'Node lacks a feature',
  CHAIN_INSUFFICIENT_FUNDS: 'Not enough funds',
  CHAIN_NONCE_TOO_LOW: 'Nonce already used',
  CHAIN_REPLACEMENT_UNDERPRICED: 'Replacement fee too low',
  CHAIN_REVERTED: 'Transaction would fail',
  CHAIN_RPC_ERROR: 'Node request failed',
};

/** The words to show for any error: a title by code, the error's own safe sentence, details. */
export function errorCopy(error: unknown): ErrorCopy {
  if (isCairnError(error)) {
    return { title: titles[error.code] ?? 'Something went wrong', body: error.shortMessage, details: error.details };
  }
  return {
    title: 'Something went wrong',
    body: 'Cairn hit an unexpected problem. Nothing was sent or changed.',
    details: undefined,
  };
}
