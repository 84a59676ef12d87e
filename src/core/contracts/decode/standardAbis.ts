import { type Abi, parseAbi } from 'viem';
import { type Message, msg } from '../../i18n/message';

/**
 * The interfaces Cairn knows without being told: the decoder reads every call, event and error of
 * these, and the Contracts screen offers the first three when a person opens a contract without an
 * ABI of their own. `signatures` is the human-readable text (what parseAbiText reads back to `abi`).
 */
export type StandardAbiId = 'erc20' | 'erc721' | 'erc1155' | 'weth' | 'multicall3' | 'permit2';
export type StandardAbi = {
  id: StandardAbiId;
  /** For sentences listing the standards: `ERC-20`. */
  short: string;
  /** For choosing one: `ERC-20 token` (a name that stays a name, such as Multicall3, is a string). */
  name: Message | string;
  signatures: readonly string[];
  abi: Abi;
};

const ERC20 = [
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function transferFrom(address from, address to, uint256 value) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
];

const ERC721 = [
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function balanceOf(address owner) view returns (uint256)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function approve(address to, uint256 tokenId)',
  'function setApprovalForAll(address operator, bool approved)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
];

const ERC1155 = [
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function uri(uint256 id) view returns (string)',
  'function balanceOf(address account, uint256 id) view returns (uint256)',
  'function balanceOfBatch(address[] accounts, uint256[] ids) view returns (uint256[])',
  'function isApprovedForAll(address account, address operator) view returns (bool)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  'event ApprovalForAll(address indexed account, address indexed operator, bool approved)',
  'event URI(string value, uint256 indexed id)',
];

/** Wrapped ether: what it adds to ERC-20. */
const WETH = [
  'function deposit() payable',
  'function withdraw(uint256 wad)',
  'event Deposit(address indexed dst, uint256 wad)',
  'event Withdrawal(address indexed src, uint256 wad)',
];

const MULTICALL3 = [
  'struct Call { address target; bytes callData; }',
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Call3Value { address target; bool allowFailure; uint256 value; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate(Call[] calls) payable returns (uint256 blockNumber, bytes[] returnData)',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
  'function aggregate3Value(Call3Value[] calls) payable returns (Result[] returnData)',
  'function blockAndAggregate(Call[] calls) payable returns (uint256 blockNumber, bytes32 blockHash, Result[] returnData)',
  'function tryAggregate(bool requireSuccess, Call[] calls) payable returns (Result[] returnData)',
  'function tryBlockAndAggregate(bool requireSuccess, Call[] calls) payable returns (uint256 blockNumber, bytes32 blockHash, Result[] returnData)',
  'function getBasefee() view returns (uint256 basefee)',
  'function getBlockHash(uint256 blockNumber) view returns (bytes32 blockHash)',
  'function getBlockNumber() view returns (uint256 blockNumber)',
  'function getChainId() view returns (uint256 chainid)',
  'function getCurrentBlockCoinbase() view returns (address coinbase)',
  'function getCurrentBlockDifficulty() view returns (uint256 difficulty)',
  'function getCurrentBlockGasLimit() view returns (uint256 gaslimit)',
  'function getCurrentBlockTimestamp() view returns (uint256 timestamp)',
  'function getEthBalance(address addr) view returns (uint256 balance)',
  'function getLastBlockHash() view returns (bytes32 blockHash)',
];

/** Permit2's allowance of `spender` over `user`'s `token`: apart from ERC-20's, so each name has one meaning. */
export const permit2AllowanceAbi = parseAbi([
  'function allowance(address user, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)',
]);

/** Permit2's allowance transfers (IAllowanceTransfer): approvals with an amount and an expiry, by call or by signature. */
const PERMIT2 = [
  'struct PermitDetails { address token; uint160 amount; uint48 expiration; uint48 nonce; }',
  'struct PermitSingle { PermitDetails details; address spender; uint256 sigDeadline; }',
  'struct PermitBatch { PermitDetails[] details; address spender; uint256 sigDeadline; }',
  'struct AllowanceTransferDetails { address from; address to; uint160 amount; address token; }',
  'struct TokenSpenderPair { address token; address spender; }',
  'function allowance(address user, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function permit(address owner, PermitSingle permitSingle, bytes signature)',
  'function permit(address owner, PermitBatch permitBatch, bytes signature)',
  'function transferFrom(address from, address to, uint160 amount, address token)',
  'function transferFrom(AllowanceTransferDetails[] transferDetails)',
  'function lockdown(TokenSpenderPair[] approvals)',
  'function invalidateNonces(address token, address spender, uint48 newNonce)',
  'event Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration)',
  'event Permit(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration, uint48 nonce)',
  'event Lockdown(address indexed owner, address token, address spender)',
  'event NonceInvalidation(address indexed owner, address indexed token, address indexed spender, uint48 newNonce, uint48 oldNonce)',
  'error AllowanceExpired(uint256 deadline)',
  'error InsufficientAllowance(uint256 amount)',
  'error ExcessiveInvalidation()',
  'error InvalidNonce()',
  'error SignatureExpired(uint256 signatureDeadline)',
];

function standard(
  id: StandardAbiId,
  short: string,
  name: Message | string,
  signatures: readonly string[],
): StandardAbi {
  return { id, short, name, signatures, abi: parseAbi(signatures) as Abi };
}

/** In the order the decoder tries them: where two share a selector, the first one's names are shown. */
export const STANDARD_ABIS: readonly StandardAbi[] = [
  standard('erc20', 'ERC-20', msg('core.contracts:standard.erc20'), ERC20),
  standard('erc721', 'ERC-721', msg('core.contracts:standard.erc721'), ERC721),
  standard('erc1155', 'ERC-1155', msg('core.contracts:standard.erc1155'), ERC1155),
  standard('weth', 'WETH', msg('core.contracts:standard.weth'), WETH),
  standard('multicall3', 'Multicall3', 'Multicall3', MULTICALL3),
  standard('permit2', 'Permit2', 'Uniswap Permit2', PERMIT2),
];

/**
 * ERC-20 and ERC-721 share the selectors of `approve(address,uint256)` and
 * `transferFrom(address,address,uint256)`: calldata alone cannot tell a value from a token id (the
 * logs of the same transaction can), so the decoder reads these with a name that fits both.
 */
export const AMBIGUOUS_STANDARD_ABI: Abi = parseAbi([
  'function approve(address spender, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
]);

/** Short names of the standards, for sentences: `ERC-20, ERC-721, ERC-1155, WETH, Multicall3, Permit2`. */
export const STANDARD_NAMES = STANDARD_ABIS.map((s) => s.short).join(', ');

export type KnownAbiId = 'erc20' | 'erc721' | 'erc1155';
export type KnownAbi = StandardAbi & { id: KnownAbiId };

const isKnown = (s: StandardAbi): s is KnownAbi => s.id === 'erc20' || s.id === 'erc721' || s.id === 'erc1155';

/** What the Contracts screen offers in place of an ABI of one's own: ERC-20, ERC-721, ERC-1155, in that order. */
export const knownAbis: readonly KnownAbi[] = STANDARD_ABIS.filter(isKnown);

export function knownAbi(id: KnownAbiId): KnownAbi {
  const found = knownAbis.find((k) => k.id === id);
  if (!found) throw new Error(`no standard ABI ${id}`);
  return found;
}
