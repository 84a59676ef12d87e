import { type Address, type Hex, hashTypedData, type TypedDataDefinition, type TypedDataDomain } from 'viem';
import { toSafeDetails } from '../errors/base';
import { InputError } from '../errors/input';
import { codeValue, type Message, msg, untrustedValue } from '../i18n/message';
import { jsonSyntaxSentence } from './jsonSyntax';
import { domainTypesOf, readTypes, type TypedDataTypes } from './typedDataSchema';
import { normalizeStruct } from './typedDataValues';

/** The largest typed-data JSON accepted, in UTF-8 bytes (real requests are a few KB). */
export const MAX_TYPED_DATA_BYTES = 256 * 1024;

/**
 * Typed data checked against its types and ready for viem (hashTypedData, signTypedData):
 * `types` always holds EIP712Domain (as given, or derived from the domain's fields), values are
 * in one form (integers bigint, addresses checksummed, bytes lowercase hex).
 */
export type SignableTypedData = {
  types: TypedDataTypes;
  primaryType: string;
  domain: TypedDataDomain;
  message: Record<string, unknown>;
};

/** The domain fields a person checks before signing. */
export type DomainSummary = {
  name?: string;
  version?: string;
  chainId?: bigint;
  verifyingContract?: Address;
  salt?: Hex;
};

export type ParsedTypedData = { typedData: SignableTypedData; domain: DomainSummary };

function refuse(sentence: Message, details?: string): never {
  throw new InputError('INPUT_TYPED_DATA', sentence, details === undefined ? {} : { details });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // The engine's own message is left out: it quotes the text around the error.
    return refuse(jsonSyntaxSentence(text));
  }
}

/** Viem's form of parsed typed data, for its hashing and signing functions. */
export function toViemTypedData(typedData: SignableTypedData): TypedDataDefinition<Record<string, unknown>, string> {
  return typedData;
}

/**
 * Reads typed data (EIP-712, as eth_signTypedData_v4 takes it) pasted as JSON: syntax, the four
 * parts (types, primaryType, domain, message), every type defined, every value valid for its
 * type. Errors name the place at fault, such as `message.to.wallet`.
 *
 * Errors: INPUT_TYPED_DATA.
 */
export function parseTypedDataJson(text: string): ParsedTypedData {
  const size = new TextEncoder().encode(text).length;
  if (size > MAX_TYPED_DATA_BYTES) {
    refuse(msg('core.signing:typedData.tooLarge', { size: Math.ceil(size / 1024), max: MAX_TYPED_DATA_BYTES / 1024 }));
  }
  if (text.trim() === '') refuse(msg('core.signing:typedData.empty'));
  const parsed = parseJson(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    refuse(msg('core.signing:typedData.notObject'));
  }
  const raw = parsed as Record<string, unknown>;
  for (const key of ['types', 'primaryType', 'domain', 'message']) {
    if (!Object.hasOwn(raw, key)) refuse(msg('core.signing:typedData.missingPart', { part: codeValue(key) }));
  }
  const declared = readTypes(raw.types);
  const { primaryType } = raw;
  if (typeof primaryType !== 'string') refuse(msg('core.signing:typedData.primaryTypeNotString'));
  if (primaryType !== 'EIP712Domain' && !Object.hasOwn(declared, primaryType)) {
    refuse(msg('core.signing:typedData.primaryTypeUndefined', { name: untrustedValue(primaryType, 'whole') }));
  }
  if (typeof raw.domain !== 'object' || raw.domain === null || Array.isArray(raw.domain)) {
    refuse(msg('core.signing:typedData.domainNotObject', { example: codeValue('{"name": "…", "chainId": 1}') }));
  }
  const types: TypedDataTypes = {
    ...declared,
    EIP712Domain: declared.EIP712Domain ?? domainTypesOf(raw.domain as Record<string, unknown>),
  };
  const domain = normalizeStruct(types, 'EIP712Domain', raw.domain, 'domain');
  let message: Record<string, unknown> = {};
  if (primaryType === 'EIP712Domain') {
    // Only the domain is signed then; a message would be shown but not signed.
    const given = raw.message;
    if (typeof given !== 'object' || given === null || Object.keys(given).length > 0) {
      refuse(msg('core.signing:typedData.domainOnly', { empty: codeValue('{}') }));
    }
  } else {
    message = normalizeStruct(types, primaryType, raw.message, 'message');
  }
  const typedData: SignableTypedData = { types, primaryType, domain: domain as TypedDataDomain, message };
  try {
    hashTypedData(toViemTypedData(typedData));
  } catch (error) {
    refuse(msg('core.signing:typedData.notEncodable'), toSafeDetails(error));
  }
  return { typedData, domain: summarizeDomain(domain) };
}

function summarizeDomain(domain: Record<string, unknown>): DomainSummary {
  const summary: DomainSummary = {};
  if (typeof domain.name === 'string') summary.name = domain.name;
  if (typeof domain.version === 'string') summary.version = domain.version;
  if (typeof domain.chainId === 'bigint') summary.chainId = domain.chainId;
  if (typeof domain.verifyingContract === 'string') summary.verifyingContract = domain.verifyingContract as Address;
  if (typeof domain.salt === 'string') summary.salt = domain.salt as Hex;
  return summary;
}

/**
 * A warning when the typed data names a chain other than the selected network's: the signature
 * would be meant for that other chain. Undefined when they agree or the domain names no chain.
 */
export function chainIdWarning(domainChainId: bigint | undefined, networkChainId: number): Message | undefined {
  if (domainChainId === undefined || domainChainId === BigInt(networkChainId)) return undefined;
  return msg('core.signing:typedData.chainMismatch', {
    requested: codeValue(String(domainChainId)),
    selected: codeValue(String(networkChainId)),
  });
}
