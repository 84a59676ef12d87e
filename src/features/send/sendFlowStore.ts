import type { Address } from 'viem';
import { createStore } from 'zustand/vanilla';
import type { ResolvedRecipient } from '@/core/chain/ens';
import type { FeePreset } from '@/core/chain/fees';
import type { SwapFacts } from '@/core/swap/swapReview';
import type { PreparedSend } from '@/core/tx/prepare';
import type { RecipientFinding } from '@/core/tx/safety';
import type { Asset, CallRequest } from '@/core/tx/transfer';

/** The send form as typed: kept outside the component so a lock (and unlock) loses nothing. */
export type SendForm = {
  /** The network the send is on (the asset's); undefined: the one chosen in the header. */
  networkId: string | undefined;
  fromId: string | undefined;
  recipient: string;
  /** 'native' or a lower-case token address. */
  asset: string;
  amount: string;
  unit: 'asset' | 'usd';
  max: boolean;
  preset: FeePreset;
  gasLimit: string;
  maxFee: string;
  priorityFee: string;
  gasPrice: string;
  nonce: string;
  data: string;
  /**
   * When another screen prepared a contract call: JSON of the recipient and data it was made for and
   * the ABI items that describe it, for the review (used only while both are unchanged).
   */
  callAbi: string;
  /** Swap prepared this call: the way back to it after sending. */
  origin: 'swap' | undefined;
  /** The swap the call is (its facts hold only while the data is unchanged). */
  swap: SwapFacts | undefined;
  /** Go to the review at once, as "Continue" would: the call was prepared on another screen. */
  autoContinue: boolean;
  /** Transfers put in a batch, each checked as Continue checks one, to go in one transaction. */
  batch: BatchTransfer[];
  /** The network and account the batch was made for (`networkId:fromId`): it holds only for them. */
  batchFor: string | undefined;
};

/** One transfer of a batch: its call, and what it sends to whom (for the list and the review). */
export type BatchTransfer = {
  id: string;
  call: CallRequest;
  intent: { asset: Asset; amount: bigint; recipient: Address };
  recipientName: string | undefined;
  /** A contract write queued on Contracts: its function, as the ABI names it (untrusted text). */
  callName?: string | undefined;
};

export type SendStep =
  | { name: 'form' }
  | {
      name: 'review';
      prepared: PreparedSend;
      recipient: ResolvedRecipient;
      findings: RecipientFinding[];
      networkId: string;
    }
  | { name: 'batchReview'; networkId: string }
  /** A passkey account's transfer: its passkey signs, another of the person's accounts sends it. */
  | { name: 'passkeyReview'; networkId: string; transfer: BatchTransfer }
  /** `sender`: who sent it, when not the form's account (another account paid a batch's gas). */
  | { name: 'done'; recordId: string; networkId: string; sender?: Address | undefined }
  /** A Safe's transaction, proposed to its owners and kept in Cairn (nothing sent). */
  | { name: 'proposed'; safe: Address; nonce: bigint; threshold: number; networkId: string };

type SendFlowState = { form: SendForm; step: SendStep };

export const EMPTY_FORM: SendForm = {
  networkId: undefined,
  fromId: undefined,
  recipient: '',
  asset: 'native',
  amount: '',
  unit: 'asset',
  max: false,
  preset: 'normal',
  gasLimit: '',
  maxFee: '',
  priorityFee: '',
  gasPrice: '',
  nonce: '',
  data: '',
  callAbi: '',
  origin: undefined,
  swap: undefined,
  autoContinue: false,
  batch: [],
  batchFor: undefined,
};

export const sendFlowStore = createStore<SendFlowState>()(() => ({ form: EMPTY_FORM, step: { name: 'form' } }));

export function updateForm(patch: Partial<SendForm>): void {
  sendFlowStore.setState((s) => ({ form: { ...s.form, ...patch } }));
}

export function goTo(step: SendStep): void {
  sendFlowStore.setState({ step });
}

/** After a send: a fresh form for the same network, account and asset (a batch being gathered stays). */
export function startOver(): void {
  sendFlowStore.setState((s) => ({
    form: {
      ...EMPTY_FORM,
      networkId: s.form.networkId,
      fromId: s.form.fromId,
      asset: s.form.asset,
      batch: s.form.batch,
      batchFor: s.form.batchFor,
    },
    step: { name: 'form' },
  }));
}

/** What becomes of a piece of the person's input when the form moves to another network. */
type OnAnotherNetwork = 'kept' | 'keptWithoutCall' | 'dropped';

/**
 * The fields that hold the person's input: typed (recipient, amount), prepared on another screen
 * (a call: its data, ABI, origin and swap) or gathered (a batch); and what each becomes when the
 * form moves to another network. The one list both the untouched-form rule (isUntouched) and
 * onAnotherNetwork read: the network, account, asset and fees are choices around the input.
 */
const PERSONS_INPUT = {
  // A plain recipient stays; a prepared call's contract could be something else at that address.
  recipient: 'keptWithoutCall',
  amount: 'dropped',
  // "Max" pressed: the amount is worked out from the balance, so the field itself stays empty.
  max: 'dropped',
  data: 'dropped',
  callAbi: 'dropped',
  origin: 'dropped',
  swap: 'dropped',
  // Kept for its own network (batchFor).
  batch: 'kept',
} as const satisfies Partial<Record<keyof SendForm, OnAnotherNetwork>>;

type InputField = keyof typeof PERSONS_INPUT;
const INPUT_FIELDS = Object.keys(PERSONS_INPUT) as InputField[];

const isBlank = (form: SendForm, field: InputField): boolean => {
  const value = form[field];
  return Array.isArray(value) ? value.length === 0 : value === EMPTY_FORM[field];
};

/** Nothing typed, prepared or gathered in the form yet. */
export function isUntouched(form: SendForm): boolean {
  return INPUT_FIELDS.every((field) => isBlank(form, field));
}

/**
 * The form moved to another network: everything of the old one starts afresh (asset, amount, fees,
 * nonce, and any call prepared there, which could mean something else at the same address on
 * another chain); only the account and the input PERSONS_INPUT keeps stay.
 */
export function onAnotherNetwork(form: SendForm, networkId: string): SendForm {
  const withCall = !isBlank(form, 'data') || !isBlank(form, 'origin');
  const next: SendForm = { ...EMPTY_FORM, networkId, fromId: form.fromId, batchFor: form.batchFor };
  const keep = <K extends InputField>(field: K) => {
    next[field] = form[field];
  };
  for (const field of INPUT_FIELDS) {
    const rule: OnAnotherNetwork = PERSONS_INPUT[field];
    if (rule === 'kept' || (rule === 'keptWithoutCall' && !withCall)) keep(field);
  }
  return next;
}

/** Puts a checked transfer in the batch of `owner` (network and account); a batch of another is replaced. */
export function addToBatch(transfer: Omit<BatchTransfer, 'id'>, owner: string): void {
  sendFlowStore.setState((s) => {
    const kept = s.form.batchFor === owner ? s.form.batch : [];
    const batch = [...kept, { ...transfer, id: crypto.randomUUID() }];
    return { form: { ...s.form, batch, batchFor: owner, recipient: '', amount: '', max: false } };
  });
}

export function removeFromBatch(id: string): void {
  sendFlowStore.setState((s) => ({ form: { ...s.form, batch: s.form.batch.filter((t) => t.id !== id) } }));
}

export function clearBatch(): void {
  sendFlowStore.setState((s) => ({ form: { ...s.form, batch: [], batchFor: undefined } }));
}
