import { isCairnError } from '@/core/errors/base';
import type { ErrorCode } from '@/core/errors/codes';
import { mayHaveBeenSent } from '@/core/errors/wallet';

export type ErrorCopy = { title: string; body: string; details: string | undefined };

/** A title for every code (the sentence is the error's own shortMessage); a code without one does not compile. */
const titles: Record<ErrorCode, string> = {
  CHAIN_UNREACHABLE: 'Node unreachable',
  CHAIN_TIMEOUT: 'Node not answering',
  CHAIN_WRONG_CHAIN: 'Wrong chain',
  CHAIN_RATE_LIMITED: 'Node is rate limiting',
  CHAIN_NODE_ERROR: 'Node error',
  CHAIN_MALFORMED_RESPONSE: 'Unreadable answer from the node',
  CHAIN_METHOD_UNSUPPORTED: 'Node lacks a feature',
  CHAIN_INSUFFICIENT_FUNDS: 'Not enough funds',
  CHAIN_NONCE_TOO_LOW: 'Nonce already used',
  CHAIN_NONCE_TOO_HIGH: 'Nonce ahead of the account',
  CHAIN_ALREADY_KNOWN: 'Already sent',
  CHAIN_REPLACEMENT_UNDERPRICED: 'Replacement fee too low',
  CHAIN_INTRINSIC_GAS: 'Gas limit too low',
  CHAIN_FEE_TOO_LOW: 'Fee too low',
  CHAIN_TIP_ABOVE_MAX_FEE: 'Priority fee above maximum fee',
  CHAIN_GAS_LIMIT_OR_FEE_CAP: 'Gas limit or fee too high',
  CHAIN_TX_CHAIN_ID: 'Signed for another network',
  CHAIN_TX_TYPE_UNSUPPORTED: 'Transaction type not accepted',
  CHAIN_INVALID_SIGNATURE: 'Invalid signature',
  CHAIN_OVERSIZED_DATA: 'Transaction too large',
  CHAIN_LOG_RANGE: 'Too many blocks at once',
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
  VAULT_KEY_ON_DEVICE: 'Key on a device',
  VAULT_STORAGE_FAILED: 'Could not save',
  VAULT_WEAK_KDF: 'Vault protection too weak',
  VAULT_SAME_PASSWORD: 'Same password',
  VAULT_CHANGED_ELSEWHERE: 'Vault changed in another window',
  VAULT_BUSY: 'Vault busy',
  VAULT_SESSION_LOST: 'Vault session lost',
  VAULT_SESSION_UNAVAILABLE: 'Vault session not answering',
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
  INPUT_AMOUNT: 'Check the amount',
  INPUT_GAS_LIMIT: 'Check the gas limit',
  INPUT_FEE: 'Check the fee',
  INPUT_NONCE: 'Check the nonce',
  INPUT_DATA: 'Check the data',
  INPUT_RECIPIENT: 'Check the recipient',
  INPUT_ABI: 'Not a usable ABI',
  INPUT_MESSAGE: 'Not a message Cairn can sign',
  INPUT_TYPED_DATA: 'Not valid typed data',
  INPUT_SIGNATURE: 'Not a usable signature',
  INPUT_ABI_VALUE: 'Not a value of this type',
  INPUT_CALLDATA: 'Not calldata Cairn can read',
  INPUT_RAW_TX: 'Not a transaction Cairn can send',
  INPUT_UNSIGNED_TX: 'Not a transaction Cairn can sign',
  OFFLINE_SIGNER_MISMATCH: 'Signature check failed',
  DEVICE_LOCKED: 'Ledger locked',
  DEVICE_APP_NOT_OPEN: 'Ethereum app not open',
  DEVICE_REJECTED: 'Declined on the Ledger',
  DEVICE_BLIND_SIGNING_OFF: 'Blind signing is off',
  DEVICE_BUSY: 'Ledger busy',
  DEVICE_DISCONNECTED: 'Ledger disconnected',
  DEVICE_REFUSED: 'Refused by the Ledger',
  DEVICE_ANSWER: 'Unexpected answer from the device',
  DEVICE_CANCELLED: 'Signing cancelled',
  DEVICE_CAMERA: 'Camera unavailable',
  DEVICE_WRONG_APP: 'Another app is open on the Ledger',
  DEVICE_UNSUPPORTED: 'This browser cannot reach a Ledger',
  DEVICE_NOT_CHOSEN: 'No Ledger chosen',
  DEVICE_OTHER_ACCOUNT: 'Not this account’s Ledger',
  WALLET_MISSING: 'Browser wallet not found',
  WALLET_REJECTED: 'Declined in the wallet',
  WALLET_UNAUTHORIZED: 'Account not shared by the wallet',
  WALLET_BUSY: 'Wallet busy',
  WALLET_DISCONNECTED: 'Wallet disconnected',
  WALLET_UNKNOWN_CHAIN: 'Network unknown to the wallet',
  WALLET_WRONG_CHAIN: 'Wallet on another network',
  WALLET_UNSUPPORTED: 'Not supported by the wallet',
  WALLET_REFUSED: 'Refused by the wallet',
  WALLET_ANSWER: 'Unexpected answer from the wallet',
  WALLET_SENDS_ITSELF: 'The wallet sends this account’s transactions',
  WALLET_UNCLEAR_ANSWER: 'Unclear answer from the wallet',
  WALLET_STOPPED_WAITING: 'Stopped waiting for the wallet',
  SIMULATION_UNSUPPORTED: 'Cannot preview on this node',
  SIMULATION_FAILED: 'Preview failed',
  SIMULATION_TOO_LARGE: 'Transaction too large to preview',
  EXPLORER_ABI_NOT_VERIFIED: 'Contract not verified',
  INPUT_QR: 'No QR code found',
  TX_NOT_FOUND: 'Transaction not found',
  TX_NONCE_TAKEN: 'Nonce in use',
  TX_STORAGE_FAILED: 'Could not save',
  SETTINGS_STORAGE_FAILED: 'Could not save',
  TX_REPLACEMENT_FUNDS: 'Not enough for a higher fee',
  TX_REFUSED: 'Transaction refused',
  TX_SENT_NOT_SAVED: 'Sent, but not saved',
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
    return {
      title: (titles as Partial<Record<string, string>>)[error.code] ?? 'Something went wrong',
      body: error.shortMessage,
      details: error.details,
    };
  }
  return {
    title: 'Something went wrong',
    body: 'Cairn hit an unexpected problem. Nothing was sent or changed.',
    details: undefined,
  };
}

/**
 * The error's sentence, then `nothingHappened` ("Nothing was sent.") unless the error says a
 * wallet may have sent the transaction all the same (see mayHaveBeenSent).
 */
export function failureText(error: unknown, nothingHappened: string): string {
  return mayHaveBeenSent(error) ? errorText(error) : `${errorText(error)} ${nothingHappened}`;
}

/** Just the sentence to show next to a field for an error. */
export function errorText(error: unknown): string {
  return errorCopy(error).body;
}
