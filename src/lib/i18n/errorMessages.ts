import { isCairnError } from '@/core/errors/base';
import type { ErrorCode } from '@/core/errors/codes';
import { mayHaveBeenSent } from '@/core/errors/wallet';
import { type Message, msg, type PlainMessageId } from '@/core/i18n/message';
import { t } from '.';

/** An error in words, in the language shown: a title, the error's own sentence, technical details. */
export type ErrorCopy = { title: string; body: string; details: string | undefined };

/** A title for every code (the sentence is the error's own text); a code without one does not compile. */
const titles: Record<ErrorCode, PlainMessageId> = {
  CHAIN_UNREACHABLE: 'common:error.title.chainUnreachable',
  CHAIN_TIMEOUT: 'common:error.title.chainTimeout',
  CHAIN_WRONG_CHAIN: 'common:error.title.chainWrongChain',
  CHAIN_RATE_LIMITED: 'common:error.title.chainRateLimited',
  CHAIN_NODE_ERROR: 'common:error.title.chainNodeError',
  CHAIN_MALFORMED_RESPONSE: 'common:error.title.chainMalformedResponse',
  CHAIN_METHOD_UNSUPPORTED: 'common:error.title.chainMethodUnsupported',
  CHAIN_INSUFFICIENT_FUNDS: 'common:error.title.chainInsufficientFunds',
  CHAIN_NONCE_TOO_LOW: 'common:error.title.chainNonceTooLow',
  CHAIN_NONCE_TOO_HIGH: 'common:error.title.chainNonceTooHigh',
  CHAIN_ALREADY_KNOWN: 'common:error.title.chainAlreadyKnown',
  CHAIN_REPLACEMENT_UNDERPRICED: 'common:error.title.chainReplacementUnderpriced',
  CHAIN_INTRINSIC_GAS: 'common:error.title.chainIntrinsicGas',
  CHAIN_FEE_TOO_LOW: 'common:error.title.chainFeeTooLow',
  CHAIN_TIP_ABOVE_MAX_FEE: 'common:error.title.chainTipAboveMaxFee',
  CHAIN_GAS_LIMIT_OR_FEE_CAP: 'common:error.title.chainGasLimitOrFeeCap',
  CHAIN_TX_CHAIN_ID: 'common:error.title.chainTxChainId',
  CHAIN_TX_TYPE_UNSUPPORTED: 'common:error.title.chainTxTypeUnsupported',
  CHAIN_INVALID_SIGNATURE: 'common:error.title.chainInvalidSignature',
  CHAIN_OVERSIZED_DATA: 'common:error.title.chainOversizedData',
  CHAIN_LOG_RANGE: 'common:error.title.chainLogRange',
  CHAIN_STATE_UNAVAILABLE: 'common:error.title.chainStateUnavailable',
  CHAIN_REVERTED: 'common:error.title.chainReverted',
  CHAIN_RPC_ERROR: 'common:error.title.chainRpcError',
  KEYS_PHRASE_EMPTY: 'common:error.title.keysPhraseEmpty',
  KEYS_PHRASE_WORD_COUNT: 'common:error.title.keysPhraseWordCount',
  KEYS_PHRASE_UNKNOWN_WORD: 'common:error.title.keysPhraseUnknownWord',
  KEYS_PHRASE_CHECKSUM: 'common:error.title.keysPhraseChecksum',
  KEYS_PRIVATE_KEY_FORMAT: 'common:error.title.keysPrivateKeyFormat',
  KEYS_PRIVATE_KEY_RANGE: 'common:error.title.keysPrivateKeyRange',
  KEYS_PATH_INVALID: 'common:error.title.keysPathInvalid',
  KEYS_ADDRESS_FORMAT: 'common:error.title.keysAddressFormat',
  KEYS_ADDRESS_CHECKSUM: 'common:error.title.keysAddressChecksum',
  KEYS_KEYSTORE_MALFORMED: 'common:error.title.keysKeystoreMalformed',
  KEYS_KEYSTORE_UNSUPPORTED: 'common:error.title.keysKeystoreUnsupported',
  KEYS_KEYSTORE_WRONG_PASSWORD: 'common:error.title.keysKeystoreWrongPassword',
  VAULT_WRONG_PASSWORD: 'common:error.title.vaultWrongPassword',
  VAULT_CORRUPTED: 'common:error.title.vaultCorrupted',
  VAULT_UNSUPPORTED_VERSION: 'common:error.title.vaultUnsupportedVersion',
  VAULT_LOCKED: 'common:error.title.vaultLocked',
  VAULT_NOT_FOUND: 'common:error.title.vaultNotFound',
  VAULT_ALREADY_EXISTS: 'common:error.title.vaultAlreadyExists',
  VAULT_WEAK_PASSWORD: 'common:error.title.vaultWeakPassword',
  VAULT_THROTTLED: 'common:error.title.vaultThrottled',
  VAULT_ACCOUNT_NOT_FOUND: 'common:error.title.vaultAccountNotFound',
  VAULT_ACCOUNT_NAME: 'common:error.title.vaultAccountName',
  VAULT_DUPLICATE_ACCOUNT: 'common:error.title.vaultDuplicateAccount',
  VAULT_WATCH_ONLY: 'common:error.title.vaultWatchOnly',
  VAULT_KEY_ON_DEVICE: 'common:error.title.vaultKeyOnDevice',
  VAULT_STORAGE_FAILED: 'common:error.title.vaultStorageFailed',
  VAULT_WEAK_KDF: 'common:error.title.vaultWeakKdf',
  VAULT_SAME_PASSWORD: 'common:error.title.vaultSamePassword',
  VAULT_CHANGED_ELSEWHERE: 'common:error.title.vaultChangedElsewhere',
  VAULT_BUSY: 'common:error.title.vaultBusy',
  VAULT_SESSION_LOST: 'common:error.title.vaultSessionLost',
  VAULT_SESSION_UNAVAILABLE: 'common:error.title.vaultSessionUnavailable',
  ASSET_NOT_A_CONTRACT: 'common:error.title.assetNotAContract',
  ASSET_NOT_ERC20: 'common:error.title.assetNotErc20',
  ASSET_DECIMALS_NEEDED: 'common:error.title.assetDecimalsNeeded',
  ASSET_ALREADY_LISTED: 'common:error.title.assetAlreadyListed',
  ASSET_NFT_METADATA: 'common:error.title.assetNftMetadata',
  ASSET_NFT_IMAGE: 'common:error.title.assetNftImage',
  INPUT_FILE_TOO_LARGE: 'common:error.title.inputFileTooLarge',
  INPUT_FILE_UNREADABLE: 'common:error.title.inputFileUnreadable',
  INPUT_MISMATCH: 'common:error.title.inputMismatch',
  INPUT_REQUIRED: 'common:error.title.inputRequired',
  INPUT_AMOUNT: 'common:error.title.inputAmount',
  INPUT_GAS_LIMIT: 'common:error.title.inputGasLimit',
  INPUT_FEE: 'common:error.title.inputFee',
  INPUT_NONCE: 'common:error.title.inputNonce',
  INPUT_DATA: 'common:error.title.inputData',
  INPUT_RECIPIENT: 'common:error.title.inputRecipient',
  INPUT_ABI: 'common:error.title.inputAbi',
  INPUT_MESSAGE: 'common:error.title.inputMessage',
  INPUT_TYPED_DATA: 'common:error.title.inputTypedData',
  INPUT_SIGNATURE: 'common:error.title.inputSignature',
  INPUT_ABI_VALUE: 'common:error.title.inputAbiValue',
  INPUT_CALLDATA: 'common:error.title.inputCalldata',
  INPUT_RAW_TX: 'common:error.title.inputRawTx',
  INPUT_UNSIGNED_TX: 'common:error.title.inputUnsignedTx',
  INPUT_SLIPPAGE: 'common:error.title.inputSlippage',
  INPUT_DEADLINE: 'common:error.title.inputDeadline',
  OFFLINE_SIGNER_MISMATCH: 'common:error.title.offlineSignerMismatch',
  DEVICE_LOCKED: 'common:error.title.deviceLocked',
  DEVICE_APP_NOT_OPEN: 'common:error.title.deviceAppNotOpen',
  DEVICE_REJECTED: 'common:error.title.deviceRejected',
  DEVICE_BLIND_SIGNING_OFF: 'common:error.title.deviceBlindSigningOff',
  DEVICE_BUSY: 'common:error.title.deviceBusy',
  DEVICE_DISCONNECTED: 'common:error.title.deviceDisconnected',
  DEVICE_REFUSED: 'common:error.title.deviceRefused',
  DEVICE_ANSWER: 'common:error.title.deviceAnswer',
  DEVICE_CANCELLED: 'common:error.title.deviceCancelled',
  DEVICE_CAMERA: 'common:error.title.deviceCamera',
  DEVICE_WRONG_APP: 'common:error.title.deviceWrongApp',
  DEVICE_UNSUPPORTED: 'common:error.title.deviceUnsupported',
  DEVICE_NOT_CHOSEN: 'common:error.title.deviceNotChosen',
  DEVICE_OTHER_ACCOUNT: 'common:error.title.deviceOtherAccount',
  WALLET_MISSING: 'common:error.title.walletMissing',
  WALLET_REJECTED: 'common:error.title.walletRejected',
  WALLET_UNAUTHORIZED: 'common:error.title.walletUnauthorized',
  WALLET_BUSY: 'common:error.title.walletBusy',
  WALLET_DISCONNECTED: 'common:error.title.walletDisconnected',
  WALLET_UNKNOWN_CHAIN: 'common:error.title.walletUnknownChain',
  WALLET_WRONG_CHAIN: 'common:error.title.walletWrongChain',
  WALLET_UNSUPPORTED: 'common:error.title.walletUnsupported',
  WALLET_REFUSED: 'common:error.title.walletRefused',
  WALLET_ANSWER: 'common:error.title.walletAnswer',
  WALLET_SENDS_ITSELF: 'common:error.title.walletSendsItself',
  WALLET_UNCLEAR_ANSWER: 'common:error.title.walletUnclearAnswer',
  WALLET_STOPPED_WAITING: 'common:error.title.walletStoppedWaiting',
  DAPP_REQUEST_LEFT: 'common:error.title.dappRequestLeft',
  SIMULATION_UNSUPPORTED: 'common:error.title.simulationUnsupported',
  SIMULATION_FAILED: 'common:error.title.simulationFailed',
  SIMULATION_TOO_LARGE: 'common:error.title.simulationTooLarge',
  SMART_NO_7702: 'common:error.title.smartNo7702',
  SMART_DELEGATE_NOT_ALLOWED: 'common:error.title.smartDelegateNotAllowed',
  SMART_DELEGATE_MISMATCH: 'common:error.title.smartDelegateMismatch',
  SMART_DELEGATE_UNVERIFIED: 'common:error.title.smartDelegateUnverified',
  SMART_AUTHORIZATION_NONCE: 'common:error.title.smartAuthorizationNonce',
  SMART_SIGNER_CANNOT: 'common:error.title.smartSignerCannot',
  SMART_BATCH_REVERTS: 'common:error.title.smartBatchReverts',
  SMART_PAYER_FUNDS: 'common:error.title.smartPayerFunds',
  VERIFY_NO_PROOFS: 'common:error.title.verifyNoProofs',
  VERIFY_STATE_GONE: 'common:error.title.verifyStateGone',
  VERIFY_PROOF_FAILED: 'common:error.title.verifyProofFailed',
  VERIFY_HEADER_FORGED: 'common:error.title.verifyHeaderForged',
  VERIFY_SOURCES_DISAGREE: 'common:error.title.verifySourcesDisagree',
  VERIFY_SOURCE_BEHIND: 'common:error.title.verifySourceBehind',
  VERIFY_ONE_SOURCE: 'common:error.title.verifyOneSource',
  VERIFY_PIN_MISMATCH: 'common:error.title.verifyPinMismatch',
  VERIFY_HEADER_TOO_OLD: 'common:error.title.verifyHeaderTooOld',
  VERIFY_CHAIN_BROKEN: 'common:error.title.verifyChainBroken',
  VERIFY_SOURCE_FAILED: 'common:error.title.verifySourceFailed',
  VERIFY_CHECKPOINT_OLD: 'common:error.title.verifyCheckpointOld',
  VERIFY_CHECKPOINT_INVALID: 'common:error.title.verifyCheckpointInvalid',
  VERIFY_UPDATE_INVALID: 'common:error.title.verifyUpdateInvalid',
  VERIFY_BEACON_REFUSED: 'common:error.title.verifyBeaconRefused',
  VERIFY_BEACON_UNREACHABLE: 'common:error.title.verifyBeaconUnreachable',
  VERIFY_CALL_UNRUNNABLE: 'common:error.title.verifyCallUnrunnable',
  VERIFY_HEADER_UNSUPPORTED: 'common:error.title.verifyHeaderUnsupported',
  VERIFY_BLOCK_BEHIND: 'common:error.title.verifyBlockBehind',
  VERIFY_PROOF_UNSETTLED: 'common:error.title.verifyProofUnsettled',
  VERIFY_HEAD_CLAIM_FALSE: 'common:error.title.verifyHeadClaimFalse',
  VERIFY_SOURCE_AHEAD: 'common:error.title.verifySourceAhead',
  VERIFY_HEAD_TOO_FAR: 'common:error.title.verifyHeadTooFar',
  VERIFY_SENDING_HELD: 'common:error.title.verifySendingHeld',
  SWAP_HEAD_AHEAD: 'common:error.title.swapHeadAhead',
  SAFE_NOT_A_SAFE: 'common:error.title.safeNotASafe',
  SAFE_UNKNOWN_CODE: 'common:error.title.safeUnknownCode',
  SAFE_SIGNATURE_MALFORMED: 'common:error.title.safeSignatureMalformed',
  SAFE_SIGNATURE_NOT_OWNER: 'common:error.title.safeSignatureNotOwner',
  SAFE_SIGNATURE_DUPLICATE: 'common:error.title.safeSignatureDuplicate',
  SAFE_SIGNATURE_OTHER_TX: 'common:error.title.safeSignatureOtherTx',
  SAFE_SIGNATURE_UNSUPPORTED: 'common:error.title.safeSignatureUnsupported',
  SAFE_DELEGATECALL_REFUSED: 'common:error.title.safeDelegatecallRefused',
  SAFE_NOT_OWNER: 'common:error.title.safeNotOwner',
  SAFE_NONCE_FAR: 'common:error.title.safeNonceFar',
  SAFE_REFUND_REFUSED: 'common:error.title.safeRefundRefused',
  SAFE_NOT_CONFIRMED: 'common:error.title.safeNotConfirmed',
  SAFE_EXECUTION_REVERTS: 'common:error.title.safeExecutionReverts',
  SAFE_IMPORT_MALFORMED: 'common:error.title.safeImportMalformed',
  EXPLORER_ABI_NOT_VERIFIED: 'common:error.title.explorerAbiNotVerified',
  INPUT_QR: 'common:error.title.inputQr',
  TX_NOT_FOUND: 'common:error.title.txNotFound',
  TX_NONCE_TAKEN: 'common:error.title.txNonceTaken',
  TX_STORAGE_FAILED: 'common:error.title.txStorageFailed',
  SETTINGS_STORAGE_FAILED: 'common:error.title.settingsStorageFailed',
  SETTINGS_DAMAGED: 'common:error.title.settingsDamaged',
  TX_REPLACEMENT_FUNDS: 'common:error.title.txReplacementFunds',
  TX_REFUSED: 'common:error.title.txRefused',
  TX_SENT_NOT_SAVED: 'common:error.title.txSentNotSaved',
  EXPLORER_RATE_LIMITED: 'common:error.title.explorerRateLimited',
  EXPLORER_INVALID_KEY: 'common:error.title.explorerInvalidKey',
  EXPLORER_UNSUPPORTED_CHAIN: 'common:error.title.explorerUnsupportedChain',
  EXPLORER_UNAVAILABLE: 'common:error.title.explorerUnavailable',
  EXPLORER_MALFORMED: 'common:error.title.explorerMalformed',
  EXPLORER_ERROR: 'common:error.title.explorerError',
};

/** The words to show for any error: a title by code, the error's own safe sentence, details. */
export function errorCopy(error: unknown): ErrorCopy {
  if (isCairnError(error)) {
    const title = (titles as Partial<Record<string, PlainMessageId>>)[error.code] ?? 'common:error.title.fallback';
    return { title: t(title), body: error.shortMessage, details: error.details };
  }
  return { title: t('common:error.title.fallback'), body: t('common:error.unexpected'), details: undefined };
}

/**
 * The error's sentence (see errorMessage), then `nothingHappened` ("Nothing was sent.") unless the
 * error says a wallet may have sent the transaction all the same (see mayHaveBeenSent).
 */
export function failureMessage(error: unknown, nothingHappened: Message | string): Message | string {
  const said = errorMessage(error);
  return mayHaveBeenSent(error) ? said : msg('common:error.withOutcome', { error: said, outcome: nothingHappened });
}

/** Just the sentence to show next to a field for an error. */
export function errorText(error: unknown): string {
  return errorCopy(error).body;
}

/**
 * errorText as a Message, for text shown on the page (`<T message>`, Field, ErrorAlert): the
 * addresses, hashes and code in it keep their left-to-right isolation, and it reads in the
 * language shown at render, not the one of the moment it failed.
 */
export function errorMessage(error: unknown): Message | string {
  return isCairnError(error) ? error.text : msg('common:error.unexpected');
}
