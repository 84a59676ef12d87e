import { parseAbi } from 'viem';

// The parts of Safe's contracts (1.3.0 to 1.5.0) that Cairn calls or reads, as their sources
// declare them; every call is encoded with viem (no Safe SDK ships).

export const safeAbi = parseAbi([
  'function VERSION() view returns (string)',
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'function nonce() view returns (uint256)',
  'function getModulesPaginated(address start, uint256 pageSize) view returns (address[] array, address next)',
  'function approvedHashes(address owner, bytes32 hash) view returns (uint256)',
  'function approveHash(bytes32 hashToApprove)',
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)',
  'event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)',
  'event ExecutionFailure(bytes32 indexed txHash, uint256 payment)',
  'event ApproveHash(bytes32 indexed approvedHash, address indexed owner)',
  'event SafeReceived(address indexed sender, uint256 value)',
  'event AddedOwner(address indexed owner)',
  'event RemovedOwner(address indexed owner)',
  'event ChangedThreshold(uint256 threshold)',
]);

/**
 * What a Safe transaction can change of the Safe itself, called on its own address: who owns it,
 * how many must confirm, and the code that can act for it (modules), block it (guard) or answer
 * for it (fallback handler).
 */
export const safeSettingsAbi = parseAbi([
  'function addOwnerWithThreshold(address owner, uint256 _threshold)',
  'function removeOwner(address prevOwner, address owner, uint256 _threshold)',
  'function swapOwner(address prevOwner, address oldOwner, address newOwner)',
  'function changeThreshold(uint256 _threshold)',
  'function enableModule(address module)',
  'function disableModule(address prevModule, address module)',
  'function setGuard(address guard)',
  'function setFallbackHandler(address handler)',
]);

/** SafeL2's event, emitted before each execution with everything it runs. */
export const safeL2Abi = parseAbi([
  'event SafeMultiSigTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures, bytes additionalInfo)',
]);

export const multiSendAbi = parseAbi(['function multiSend(bytes transactions) payable']);

/** SignMessageLib, called by delegatecall from the Safe: marks a message as signed by the Safe (EIP-1271). */
export const signMessageLibAbi = parseAbi([
  'function signMessage(bytes _data)',
  'function getMessageHash(bytes message) view returns (bytes32)',
]);

/** CompatibilityFallbackHandler, reached through the Safe: EIP-1271 answers and the Safe's message hash. */
export const fallbackHandlerAbi = parseAbi([
  'function getMessageHashForSafe(address safe, bytes message) view returns (bytes32)',
  'function isValidSignature(bytes32 _dataHash, bytes _signature) view returns (bytes4)',
]);

/** The first and last entry of Safe's linked lists (owners, modules). */
export const SENTINEL = '0x0000000000000000000000000000000000000001';
