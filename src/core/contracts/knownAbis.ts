import { type Abi, parseAbi } from 'viem';

/**
 * The standard interfaces offered when a person opens a contract without an ABI of their own.
 * `signatures` is the human-readable text (what parseAbiText reads back to `abi`), for showing or
 * filling in the ABI field.
 */
export type KnownAbiId = 'erc20' | 'erc721' | 'erc1155';
export type KnownAbi = { id: KnownAbiId; name: string; signatures: readonly string[]; abi: Abi };

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
] as const;

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
] as const;

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
] as const;

const BY_ID: Record<KnownAbiId, KnownAbi> = {
  erc20: { id: 'erc20', name: 'ERC-20 token', signatures: ERC20, abi: parseAbi(ERC20) },
  erc721: { id: 'erc721', name: 'ERC-721 NFT', signatures: ERC721, abi: parseAbi(ERC721) },
  erc1155: { id: 'erc1155', name: 'ERC-1155 multi-token', signatures: ERC1155, abi: parseAbi(ERC1155) },
};

/** ERC-20, ERC-721, ERC-1155, in that order. */
export const knownAbis: readonly KnownAbi[] = [BY_ID.erc20, BY_ID.erc721, BY_ID.erc1155];

export function knownAbi(id: KnownAbiId): KnownAbi {
  return BY_ID[id];
}
