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
  KEYS_PHRASE_EMPTY: 'Recovery phrase missing',
  KEYS_PHRASE_WORD_COUNT: 'Wrong number of words',
  KEYS_PHRASE_UNKNOWN_WORD: 'Unknown word',
  KEYS_PHRASE_CHECKSUM: 'Recovery phrase does not check out',
  KEYS_PRIVATE_KEY_FORMAT: 'Not a private key',
  KEYS_PRIVATE_KEY_RANGE: 'Invalid private key',
  KEYS_PATH_INVALID: 'Invalid derivation path',
  KEYS_ADDRESS_FORMAT: 'Not an address',
  KEYS_ADDRESS_CHECKSUM: 'Address checksum mismatch',
  KEYS_KEYSTORE_MALFORMED: 'Damaged keystore file',
  KEYS_KEYSTORE_UNSUPPORTED: 'Unsupported keystore file',
  KEYS_KEYSTORE_WRONG_PASSWORD: 'Wrong keystore password',
  VAULT_WRONG_PASSWORD: 'Wrong password',
  VAULT_CORRUPTED: 'Vault damaged',
  VAULT_UNSUPPORTED_VERSION: 'Vault from a newer Cairn',
  VAULT_LOCKED: 'Locked',
  VAULT_NOT_FOUND: 'No vault',
  VAULT_ALREADY_EXISTS: 'Vault already exists',
  VAULT_WEAK_PASSWORD: 'Password too weak',
  VAULT_THROTTLED: 'Too many attempts',
  VAULT_ACCOUNT_NOT_FOUND: 'Account not found',
  VAULT_ACCOUNT_NAME: 'Invalid name',
  VAULT_DUPLICATE_ACCOUNT: 'Already added',
  VAULT_WATCH_ONLY: 'Watch-only account',
  VAULT_STORAGE_FAILED: 'Could not save',
  VAULT_WEAK_KDF: 'Vault protection too weak',
  VAULT_SAME_PASSWORD: 'Same password',
  VAULT_CHANGED_ELSEWHERE: 'Vault changed in another window',
  VAULT_BUSY: 'Vault busy',
  VAULT_SESSION_LOST: 'Vault session lost',
  ASSET_NOT_A_CONTRACT: 'No contract there',
  ASSET_NOT_ERC20: 'Not a token',
  ASSET_DECIMALS_NEEDED: 'Decimals needed',
  ASSET_ALREADY_LISTED: 'Already listed',
  ASSET_NFT_METADATA: 'NFT details unreadable',
  ASSET_NFT_IMAGE: 'NFT image not shown',
  INPUT_FILE_TOO_LARGE: 'File too large',
  INPUT_FILE_UNREADABLE: 'File unreadable',
  INPUT_MISMATCH: 'Does not match',
  INPUT_REQUIRED: 'Missing',
  INPUT_ABI: 'Not a usable ABI',
  INPUT_MESSAGE: 'Not a message Cairn can sign',
  INPUT_TYPED_DATA: 'Not valid typed data',
  INPUT_SIGNATURE: 'Not a usable signature',
  INPUT_ABI_VALUE: 'Not a value of this type',
  INPUT_CALLDATA: 'Not calldata Cairn can read',
  INPUT_RAW_TX: 'Not a transaction Cairn can send',
  INPUT_UNSIGNED_TX: 'Not a transaction Cairn can sign',
  OFFLINE_SIGNER_MISMATCH: 'Signature check failed',
  EXPLORER_ABI_NOT_VERIFIED: 'Contract not verified',
  INPUT_QR: 'No QR code found',
  TX_NOT_FOUND: 'Transaction not found',
  TX_NONCE_TAKEN: 'Nonce in use',
  TX_STORAGE_FAILED: 'Could not save',
  SETTINGS_STORAGE_FAILED: 'Could not save',
  TX_REPLACEMENT_FUNDS: 'Not enough for a higher fee',
  EXPLORER_RATE_LIMITED: 'Explorer is rate limiting',
  EXPLORER_INVALID_KEY: 'Explorer API key refused',
  EXPLORER_UNSUPPORTED_CHAIN: 'Explorer does not serve this network',
  EXPLORER_UNAVAILABLE: 'Explorer unavailable',
  EXPLORER_MALFORMED: 'Unreadable answer from the explorer',
  EXPLORER_ERROR: 'Explorer request failed',
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

/** Just the sentence to show next to a field for an error. */
export function errorText(error: unknown): string {
  return errorCopy(error).body;
}
