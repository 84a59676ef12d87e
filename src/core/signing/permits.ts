import type { Address } from 'viem';
import { isUnlimited } from '../assets/unlimited';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import { codeValue, msg, type Message as Said } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import {
  DAI_PERMIT,
  definesExactly,
  EIP2612_PERMIT,
  PERMIT2_BATCH,
  PERMIT2_BATCH_TRANSFER,
  PERMIT2_BATCH_WITNESS_TRANSFER,
  PERMIT2_DETAILS,
  PERMIT2_SINGLE,
  PERMIT2_TOKEN_PERMISSIONS,
  PERMIT2_TRANSFER,
  PERMIT2_WITNESS_TRANSFER,
  parseTypeString,
  witnessField,
} from './permitShapes';
import {
  type Grant,
  isLongLived,
  type PermitDescription,
  type PermitStandard,
  type SignatureConsequences,
  type SignatureWarning,
  type Until,
  untilTime,
} from './permitTypes';
import { describeSeaportOrder } from './seaportOrder';
import type { SignableTypedData } from './typedData';

type Message = Record<string, unknown>;

// Values come from parseTypedDataJson, already checked against these very types: integers are
// bigint, addresses checksummed, structs objects, arrays arrays.
const big = (value: unknown): bigint => value as bigint;
const addr = (value: unknown): Address => value as Address;
const struct = (value: unknown): Message => value as Message;
const list = (value: unknown): Message[] => value as Message[];

function grant(fields: Omit<Grant, 'unlimited' | 'longLived'>, now: bigint): Grant {
  return {
    ...fields,
    unlimited: fields.kind !== 'revoke' && isUnlimited(fields.amount),
    longLived: fields.kind !== 'revoke' && isLongLived(fields.until, now),
  };
}

/** EIP-2612: the token is the domain's contract; the allowance it sets never ends by itself. */
function eip2612(message: Message, token: Address, now: bigint): Grant[] {
  return [
    grant(
      {
        kind: 'allowance',
        token,
        amount: big(message.value),
        spender: addr(message.spender),
        owner: addr(message.owner),
        until: { kind: 'never' },
        signatureUntil: untilTime(big(message.deadline)),
      },
      now,
    ),
  ];
}

/**
 * DAI's permit: allowed = true sets an allowance of uint256 max, false sets it to zero; expiry 0
 * means the signature never expires (dai.sol: `require(expiry == 0 || now <= expiry)`).
 */
function daiPermit(message: Message, token: Address, now: bigint): Grant[] {
  const expiry = big(message.expiry);
  const allowed = message.allowed === true;
  return [
    grant(
      {
        kind: allowed ? 'allowance' : 'revoke',
        token,
        amount: allowed ? 2n ** 256n - 1n : 0n,
        spender: addr(message.spender),
        owner: addr(message.holder),
        until: { kind: 'never' },
        signatureUntil: expiry === 0n ? { kind: 'never' } : untilTime(expiry),
      },
      now,
    ),
  ];
}

/**
 * Permit2 allowances (AllowanceTransfer). Expiration 0 does not mean "never": Permit2 stores
 * block.timestamp instead, so the allowance "only lasts the duration of the block"
 * (Uniswap/permit2 src/libraries/Allowance.sol, updateAll / updateAmountAndExpiration).
 */
function permit2Allowances(details: Message[], spender: Address, sigDeadline: bigint, now: bigint): Grant[] {
  return details.map((detail) => {
    const expiration = big(detail.expiration);
    const until: Until = expiration === 0n ? { kind: 'block' } : untilTime(expiration);
    return grant(
      {
        kind: 'allowance',
        token: addr(detail.token),
        amount: big(detail.amount),
        spender,
        owner: undefined,
        until,
        signatureUntil: untilTime(sigDeadline),
      },
      now,
    );
  });
}

/**
 * Permit2 signature transfers (SignatureTransfer): one transfer of up to `amount`, usable until
 * `deadline`; the spender chooses the recipient when it submits the signature.
 */
function permit2Transfers(permitted: Message[], spender: Address, deadline: bigint, now: bigint): Grant[] {
  const until = untilTime(deadline);
  return permitted.map((p) =>
    grant(
      {
        kind: 'transfer',
        token: addr(p.token),
        amount: big(p.amount),
        spender,
        owner: undefined,
        until,
        signatureUntil: until,
      },
      now,
    ),
  );
}

type Recognised = {
  standard: PermitStandard;
  grants: Grant[];
  permit2: boolean;
  witness?: { field: string; type: string };
};

function nameOf(spec: string): string {
  return parseTypeString(spec).name;
}

function recognisePermit2(typedData: SignableTypedData, now: bigint): Recognised | undefined {
  const { types, primaryType, message } = typedData;
  const spender = addr(message.spender);
  if (definesExactly(types, PERMIT2_DETAILS)) {
    const sigDeadline = big(message.sigDeadline);
    if (primaryType === nameOf(PERMIT2_SINGLE) && definesExactly(types, PERMIT2_SINGLE)) {
      const grants = permit2Allowances([struct(message.details)], spender, sigDeadline, now);
      return { standard: 'Permit2 allowance', grants, permit2: true };
    }
    if (primaryType === nameOf(PERMIT2_BATCH) && definesExactly(types, PERMIT2_BATCH)) {
      const grants = permit2Allowances(list(message.details), spender, sigDeadline, now);
      return { standard: 'Permit2 allowance', grants, permit2: true };
    }
  }
  if (!definesExactly(types, PERMIT2_TOKEN_PERMISSIONS)) return undefined;
  const deadline = big(message.deadline);
  const single = [PERMIT2_TRANSFER, PERMIT2_WITNESS_TRANSFER].map(nameOf).includes(primaryType);
  const transfers = (permitted: unknown) =>
    permit2Transfers(single ? [struct(permitted)] : list(permitted), spender, deadline, now);
  for (const spec of [PERMIT2_TRANSFER, PERMIT2_BATCH_TRANSFER]) {
    if (primaryType === nameOf(spec) && definesExactly(types, spec)) {
      return { standard: 'Permit2 transfer', grants: transfers(message.permitted), permit2: true };
    }
  }
  for (const spec of [PERMIT2_WITNESS_TRANSFER, PERMIT2_BATCH_WITNESS_TRANSFER]) {
    const witness = primaryType === nameOf(spec) ? witnessField(types, spec) : undefined;
    if (witness) {
      const grants = transfers(message.permitted);
      return {
        standard: 'Permit2 transfer',
        grants,
        permit2: true,
        witness: { field: witness.name, type: witness.type },
      };
    }
  }
  return undefined;
}

function recognise(typedData: SignableTypedData, now: bigint): Recognised | undefined {
  const { types, primaryType, message, domain } = typedData;
  const token = domain.verifyingContract;
  if (primaryType === 'Permit' && token !== undefined) {
    if (definesExactly(types, EIP2612_PERMIT)) {
      return { standard: 'EIP-2612 permit', grants: eip2612(message, token, now), permit2: false };
    }
    if (definesExactly(types, DAI_PERMIT)) {
      return { standard: 'DAI permit', grants: daiPermit(message, token, now), permit2: false };
    }
  }
  return recognisePermit2(typedData, now);
}

function longLivedText(standard: PermitStandard, grants: Grant[]): Said {
  if (standard === 'EIP-2612 permit' || standard === 'DAI permit') return msg('core.signing:permit.longLived.noEnd');
  const never = grants.some((g) => g.longLived && g.until.kind === 'never');
  if (standard === 'Permit2 transfer') {
    return never
      ? msg('core.signing:permit.longLived.transferNever')
      : msg('core.signing:permit.longLived.transferLong');
  }
  return never
    ? msg('core.signing:permit.longLived.allowanceNever')
    : msg('core.signing:permit.longLived.allowanceLong');
}

function permitWarnings(recognised: Recognised, contract: Address | undefined, domainName: unknown) {
  const { standard, grants } = recognised;
  const warnings: SignatureWarning[] = [];
  if (recognised.permit2 && (!sameAddress(contract, PERMIT2_ADDRESS) || domainName !== 'Permit2')) {
    const values = {
      contract: contract === undefined ? msg('core.signing:permit.noContract') : codeValue(contract),
      permit2: codeValue(PERMIT2_ADDRESS),
    };
    warnings.push({
      code: 'notPermit2',
      serious: true,
      text:
        domainName === 'Permit2'
          ? msg('core.signing:permit.warning.notPermit2', values)
          : msg('core.signing:permit.warning.notPermit2Renamed', values),
    });
  }
  const unlimited = grants.some((g) => g.unlimited);
  if (unlimited) {
    warnings.push({
      code: 'unlimited',
      serious: true,
      text: msg('core.signing:permit.warning.unlimited'),
    });
  }
  if (grants.some((g) => g.longLived)) {
    warnings.push({ code: 'longLived', serious: unlimited, text: longLivedText(standard, grants) });
  }
  return warnings;
}

/**
 * What signing this typed data hands over, when it is a token permit (EIP-2612, DAI's permit, any
 * Permit2 message) or a Seaport order; undefined for typed data that hands over nothing Cairn
 * recognises. Recognised only when the primary type, every struct it uses (field names, types and
 * order: the type hash the real contract checks) and, where it matters, the domain all match.
 * `now` is the current unix time in seconds, for the long-lived rule (more than 30 days).
 *
 * A domain chain id other than the selected network's is not warned here: chainIdWarning does that.
 */
export function describeConsequences(typedData: SignableTypedData, now: bigint): SignatureConsequences | undefined {
  const seaport = describeSeaportOrder(typedData, now);
  if (seaport) return seaport;
  const recognised = recognise(typedData, now);
  if (!recognised) return undefined;
  const contract = typedData.domain.verifyingContract;
  const description: PermitDescription = {
    kind: 'permit',
    standard: recognised.standard,
    contract,
    grants: recognised.grants,
    warnings: permitWarnings(recognised, contract, typedData.domain.name),
    needsAcknowledgement: recognised.grants.some((g) => g.unlimited && g.longLived),
  };
  if (recognised.witness) description.witness = recognised.witness;
  return description;
}
