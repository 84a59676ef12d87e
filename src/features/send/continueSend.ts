import { type Address, getAddress } from 'viem';
import type { Account } from '@/core/accounts/account';
import { canSendFrom, signerProfile } from '@/core/accounts/signerKinds';
import { unitPrice } from '@/core/assets/fiat';
import type { FeedAnswer } from '@/core/assets/portfolio';
import { type ResolvedRecipient, resolveRecipient } from '@/core/chain/ens';
import type { Fees } from '@/core/chain/fees';
import type { Network } from '@/core/chain/networks';
import { isCairnError } from '@/core/errors/base';
import { RevertedError } from '@/core/errors/chain';
import { reasonMessage } from '@/core/errors/theirWords';
import { type Message, type MessageValue, msg, untrustedValue } from '@/core/i18n/message';
import { GWEI_LABELS, parseData, parseGasLimit, parseGwei, parseNonce } from '@/core/tx/advancedInputs';
import { type DecimalFormat, DOT_DECIMALS, parseAmount } from '@/core/tx/amount';
import {
  type AdvancedOverrides,
  type KnownReads,
  type PreparedSend,
  prepareSend,
  type SendDraft,
} from '@/core/tx/prepare';
import { type KnownRecipient, type RecipientFinding, recipientFindings } from '@/core/tx/safety';
import type { Asset } from '@/core/tx/transfer';
import { errorMessage } from '@/lib/i18n/errorMessages';
import type { SendForm } from './sendFlowStore';

/** What to say beside each field: a Message, worded when shown, or an error's sentence. */
export type FieldErrors = Partial<Record<keyof SendForm | 'general', Message | string>>;

export type ContinueResult =
  | { ok: true; prepared: PreparedSend; recipient: ResolvedRecipient; findings: RecipientFinding[] }
  | { ok: false; errors: FieldErrors; findings?: RecipientFinding[]; revert?: MessageValue };

/**
 * Contacts and visible accounts whose name is exactly what was typed (ignoring case and outer
 * spaces). Hidden accounts are known only to catch look-alikes, not to be picked by name.
 */
export function namedRecipients(known: readonly KnownRecipient[], typed: string): KnownRecipient[] {
  const name = typed.trim().toLocaleLowerCase();
  if (!name) return [];
  return known.filter(
    (k) => (k.source === 'contact' || k.source === 'account') && k.name?.trim().toLocaleLowerCase() === name,
  );
}

const HUGE = 2n ** 63n;

/** An amount the form itself refuses (no price, zero), said as a Message. */
class AmountRefused extends Error {
  constructor(readonly text: Message) {
    super(text.id);
  }
}

function parseAdvanced(
  form: SendForm,
  network: Network,
  feeKind: Fees['kind'],
  format: DecimalFormat,
  errors: FieldErrors,
): AdvancedOverrides {
  const advanced: AdvancedOverrides = {};
  const attempt = (field: keyof SendForm, fn: () => void) => {
    try {
      fn();
    } catch (error) {
      errors[field] = errorMessage(error);
    }
  };
  if (form.gasLimit.trim()) attempt('gasLimit', () => (advanced.gasLimit = parseGasLimit(form.gasLimit, HUGE)));
  if (feeKind === 'legacy' && form.gasPrice.trim()) {
    attempt(
      'gasPrice',
      () => (advanced.fees = { kind: 'legacy', gasPrice: parseGwei(form.gasPrice, GWEI_LABELS.gasPrice, format) }),
    );
  }
  if (feeKind === 'eip1559' && (form.maxFee.trim() || form.priorityFee.trim())) {
    attempt('maxFee', () => {
      const maxFee = parseGwei(form.maxFee, GWEI_LABELS.maxFee, format);
      let tip = 0n;
      try {
        tip = parseGwei(form.priorityFee, GWEI_LABELS.priorityFee, format);
      } catch (error) {
        errors.priorityFee = errorMessage(error);
        return;
      }
      if (tip > maxFee) {
        errors.priorityFee = msg('send:error.tipAboveMax');
        return;
      }
      advanced.fees = { kind: 'eip1559', maxFeePerGas: maxFee, maxPriorityFeePerGas: tip };
    });
  }
  if (form.nonce.trim()) attempt('nonce', () => (advanced.nonce = parseNonce(form.nonce, 0)));
  if (form.data.trim()) attempt('data', () => (advanced.data = parseData(form.data)));
  if (advanced.data && advanced.data !== '0x' && network && form.asset !== 'native') {
    errors.data = msg('send:error.dataNeedsNative');
  }
  return advanced;
}

/**
 * The amount typed in Send, in base units of `asset`: in the asset, or in US dollars at `price`
 * (rounded down to the asset's base unit). Typed in `format`, the language's one (see parseDecimal).
 * Throws INPUT_AMOUNT (the typed text) or AmountRefused (no price, zero for a token).
 */
function typedAmount(form: SendForm, asset: Asset, price: FeedAnswer | undefined, format: DecimalFormat): bigint {
  if (asset.kind === 'nft' && asset.standard === 'erc721') return 1n;
  let amount: bigint;
  if (form.unit === 'usd') {
    if (!price) throw new AmountRefused(msg('send:error.noPrice'));
    const usd = parseAmount(form.amount, 18, 'USD', format);
    amount = (usd * 10n ** BigInt(asset.decimals)) / unitPrice(price);
  } else {
    amount = parseAmount(form.amount, asset.decimals, asset.symbol, format);
  }
  if (amount === 0n && asset.kind !== 'native') throw new AmountRefused(msg('send:error.amountZero'));
  return amount;
}

/** The typed fields only (amount and "Advanced"), with a sentence for each one refused. */
export function parseTypedFields(args: {
  form: SendForm;
  network: Network;
  asset: Asset;
  price: FeedAnswer | undefined;
  feeKind: Fees['kind'];
  format?: DecimalFormat;
}): { amount: bigint; advanced: AdvancedOverrides; errors: FieldErrors } {
  const { form, asset, price, format = DOT_DECIMALS } = args;
  const errors: FieldErrors = {};
  let amount = 0n;
  if (!form.max) {
    try {
      amount = typedAmount(form, asset, price, format);
    } catch (error) {
      errors.amount = error instanceof AmountRefused ? error.text : errorMessage(error);
    }
  }
  const advanced = parseAdvanced(form, args.network, args.feeKind, format, errors);
  return { amount, advanced, errors };
}

/**
 * Everything "Continue" checks, in the order a person can fix it: the typed fields, the
 * recipient (a contact's name, an address or an ENS name), the safety findings (look-alikes block until acknowledged),
 * then a full preparation against the node (balances, fees, gas, a revert and its reason).
 */
export async function continueSend(args: {
  form: SendForm;
  network: Network;
  from: Account | undefined;
  asset: Asset;
  price: FeedAnswer | undefined;
  feeKind: Fees['kind'];
  known: readonly KnownRecipient[];
  /** Addresses met in the history only in transfers flagged as possible spam or poisoning. */
  suspicious: readonly Address[];
  acknowledged: boolean;
  /** How amounts and fees are typed: the language's decimal separator (dots by default). */
  format?: DecimalFormat;
  /** What the screen read of the chain already (the shared head, the fee market): not read again. */
  chainRead?: KnownReads;
  /** The transfer goes in a batch (its fee is the batch's, perhaps paid by another account). */
  inBatch?: boolean;
  /** In a batch: what it already sends of the same asset (see prepareSend). */
  batchSpent?: bigint;
  /** `from`'s balances proven apart from the node's claim: the send takes no more (see prepareSend). */
  proven?: SendDraft['proven'];
}): Promise<ContinueResult> {
  const { form, network, from, asset } = args;
  const errors: FieldErrors = {};
  if (!from) errors.fromId = msg('send:error.chooseFrom');
  else if (from.source.kind === 'safe' && from.source.chainId !== network.chainId)
    errors.fromId = msg('send:error.safeOtherChain', { chainId: String(from.source.chainId) });
  else if (!canSendFrom(from, network.chainId)) errors.fromId = signerProfile(from.source).whyNot;
  else if (form.nonce.trim() && signerProfile(from.source).sendsItself) {
    errors.nonce = msg('send:error.walletNonce');
  }
  const typed = parseTypedFields(args);
  Object.assign(errors, typed.errors);
  const { amount, advanced } = typed;

  let recipient: ResolvedRecipient | undefined;
  const named = namedRecipients(args.known, form.recipient);
  if (!form.recipient.trim()) errors.recipient = msg('send:error.recipientEmpty');
  else if (named.length > 1)
    errors.recipient = msg('send:error.recipientAmbiguous', {
      count: named.length,
      name: untrustedValue(form.recipient.trim(), 'name'),
    });
  else if (named[0]) recipient = { address: named[0].address, name: named[0].name };
  else {
    try {
      recipient = await resolveRecipient(network, form.recipient);
    } catch (error) {
      errors.recipient = errorMessage(error);
    }
  }
  if (Object.keys(errors).length > 0 || !recipient || !from) return { ok: false, errors };

  const findings = recipientFindings({
    recipient: recipient.address,
    from: from.address,
    tokenAddress: asset.kind === 'native' ? undefined : asset.address,
    known: args.known,
    suspicious: args.suspicious,
  });
  if (findings.some((f) => f.blocking) && !args.acknowledged) return { ok: false, errors: {}, findings };

  try {
    const prepared = await prepareSend(
      {
        network,
        from: getAddress(from.address) as Address,
        recipient: recipient.address,
        asset,
        amount,
        max: form.max,
        preset: form.preset,
        advanced,
        inBatch: args.inBatch,
        batchSpent: args.batchSpent,
        proven: args.proven,
      },
      args.chainRead,
    );
    if (advanced.nonce !== undefined) {
      try {
        parseNonce(form.nonce, prepared.confirmedNonce);
      } catch (error) {
        return { ok: false, errors: { nonce: errorMessage(error) }, findings };
      }
    }
    return { ok: true, prepared, recipient, findings };
  } catch (error) {
    if (error instanceof RevertedError)
      return {
        ok: false,
        errors: {},
        findings,
        revert: error.reason ? reasonMessage(error.reason) : error.text,
      };
    const code = isCairnError(error) ? error.code : '';
    if (code === 'INPUT_AMOUNT') return { ok: false, errors: { amount: errorMessage(error) }, findings };
    if (code === 'INPUT_GAS_LIMIT') return { ok: false, errors: { gasLimit: errorMessage(error) }, findings };
    return { ok: false, errors: { general: errorMessage(error) }, findings };
  }
}
