import type { TypedDataTypes, TypedField } from './typedDataSchema';

// The struct definitions of typed data that hands over tokens, written as their type strings
// (the text hashed into each type hash), so they can be checked against the sources named here.

/** EIP-2612 (eips.ethereum.org/EIPS/eip-2612, "Specification": PERMIT_TYPEHASH). */
export const EIP2612_PERMIT = 'Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)';

/** DAI's own permit, older than EIP-2612 (makerdao/dss src/dai.sol, PERMIT_TYPEHASH). */
export const DAI_PERMIT = 'Permit(address holder,address spender,uint256 nonce,uint256 expiry,bool allowed)';

// Uniswap Permit2 (github.com/Uniswap/permit2, src/libraries/PermitHash.sol and
// src/interfaces/IAllowanceTransfer.sol, ISignatureTransfer.sol).
export const PERMIT2_DETAILS = 'PermitDetails(address token,uint160 amount,uint48 expiration,uint48 nonce)';
export const PERMIT2_SINGLE = 'PermitSingle(PermitDetails details,address spender,uint256 sigDeadline)';
export const PERMIT2_BATCH = 'PermitBatch(PermitDetails[] details,address spender,uint256 sigDeadline)';
export const PERMIT2_TOKEN_PERMISSIONS = 'TokenPermissions(address token,uint256 amount)';
export const PERMIT2_TRANSFER =
  'PermitTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline)';
export const PERMIT2_BATCH_TRANSFER =
  'PermitBatchTransferFrom(TokenPermissions[] permitted,address spender,uint256 nonce,uint256 deadline)';
/** The witness variants: these four fields, then one field of an app-chosen struct type (the witness). */
export const PERMIT2_WITNESS_TRANSFER =
  'PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline)';
export const PERMIT2_BATCH_WITNESS_TRANSFER =
  'PermitBatchWitnessTransferFrom(TokenPermissions[] permitted,address spender,uint256 nonce,uint256 deadline)';

// Seaport 1.5 and 1.6 (github.com/ProjectOpenSea/seaport-types, src/lib/ConsiderationStructs.sol
// and the EIP-712 type strings in seaport-core's ConsiderationBase.sol).
export const SEAPORT_OFFER_ITEM =
  'OfferItem(uint8 itemType,address token,uint256 identifierOrCriteria,uint256 startAmount,uint256 endAmount)';
export const SEAPORT_CONSIDERATION_ITEM =
  'ConsiderationItem(uint8 itemType,address token,uint256 identifierOrCriteria,uint256 startAmount,uint256 endAmount,address recipient)';
export const SEAPORT_ORDER_COMPONENTS =
  'OrderComponents(address offerer,address zone,OfferItem[] offer,ConsiderationItem[] consideration,uint8 orderType,uint256 startTime,uint256 endTime,bytes32 zoneHash,uint256 salt,bytes32 conduitKey,uint256 counter)';

/** A type string split into its struct name and fields. */
export function parseTypeString(spec: string): { name: string; fields: TypedField[] } {
  const open = spec.indexOf('(');
  const name = spec.slice(0, open);
  const body = spec.slice(open + 1, -1);
  const fields = body.split(',').map((part) => {
    const [type = '', fieldName = ''] = part.split(' ');
    return { name: fieldName, type };
  });
  return { name, fields };
}

function sameFields(given: readonly TypedField[], expected: readonly TypedField[]): boolean {
  return given.every((field, i) => field.name === expected[i]?.name && field.type === expected[i]?.type);
}

/**
 * Whether `types` defines the struct exactly as the type string says: the same name, the same
 * fields with the same types in the same order. Order counts because it is part of the type
 * hash: a reordered look-alike is not what the real contract verifies.
 */
export function definesExactly(types: TypedDataTypes, spec: string): boolean {
  const { name, fields } = parseTypeString(spec);
  const given = types[name];
  return given !== undefined && given.length === fields.length && sameFields(given, fields);
}

/**
 * The witness field when `types` defines the struct as the type string's fields followed by
 * exactly one more field whose type is a struct defined in `types`; undefined otherwise.
 */
export function witnessField(types: TypedDataTypes, spec: string): TypedField | undefined {
  const { name, fields } = parseTypeString(spec);
  const given = types[name];
  if (given === undefined || given.length !== fields.length + 1) return undefined;
  if (!sameFields(given.slice(0, fields.length), fields)) return undefined;
  const witness = given[fields.length];
  return witness && Object.hasOwn(types, witness.type) ? witness : undefined;
}
