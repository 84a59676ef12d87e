// A browser wallet signs and sends what Cairn hands it, or whatever it likes: Cairn never sees
// the bytes before they are sent. Once its node holds the transaction, what was sent is compared
// with what the person reviewed, and any difference is said on the record.
import { type Address, getAddress, type Hex } from 'viem';
import { sameHex } from '../bytes';
import { amountValue, codeValue, type Message, msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import { walletName } from './walletRequests';

/** What a review showed of a transaction, and what a sent one carries: recipient, value, call, nonce, chain. */
export type SentFields = {
  /** null: a contract creation. */
  to: Address | null;
  value: bigint;
  data: Hex;
  nonce: number;
  /** undefined: none (a legacy transaction from before EIP-155, valid on every chain). */
  chainId: number | undefined;
};

/** A field of what was sent that differs from what was reviewed (the call: to, value, data). */
export type SentDifference = 'to' | 'value' | 'data' | 'nonce' | 'chain';

/** How many bytes of differing call data to show, from the first byte that differs. */
const SHOWN_BYTES = 8;

/** Where two call datas first differ, and a few bytes of each from there (hex, without 0x). */
function firstDifference(sent: Hex, reviewed: Hex): { at: number; sent: string; reviewed: string } {
  const a = sent.slice(2).toLowerCase();
  const b = reviewed.slice(2).toLowerCase();
  let at = 0;
  while (at * 2 < a.length && at * 2 < b.length && a.slice(at * 2, at * 2 + 2) === b.slice(at * 2, at * 2 + 2)) at++;
  const piece = (hex: string) => {
    const bytes = hex.slice(at * 2, (at + SHOWN_BYTES) * 2);
    return bytes === '' ? '—' : `0x${bytes}${hex.length > (at + SHOWN_BYTES) * 2 ? '…' : ''}`;
  };
  return { at, sent: piece(a), reviewed: piece(b) };
}

/**
 * Each field of `sent` that differs from `reviewed`, in words. The nonce is the wallet's to
 * choose (its own pending transactions, its own node): only one already used by another
 * transaction of the account is said, lower than the one Cairn expected (the node had one with
 * it) or that of one of the account's transactions still waiting (`takenNonces`), since the sent
 * one may have taken its place. A chain id other than the reviewed one never comes here (the
 * hash is refused as another network's, see asSentByWallet): only a legacy transaction's lack of one.
 */
function differences(
  reviewed: SentFields,
  sent: SentFields,
  native: { decimals: number; symbol: string },
  takenNonces: readonly number[],
): { field: SentDifference; text: Message }[] {
  const found: { field: SentDifference; text: Message }[] = [];
  if (sent.to === null || reviewed.to === null) {
    if (sent.to !== reviewed.to)
      found.push({
        field: 'to',
        text:
          sent.to === null
            ? msg('core.devices:wallet.mismatch.creation', { reviewed: codeValue(getAddress(reviewed.to ?? '')) })
            : msg('core.devices:wallet.mismatch.to', {
                sent: codeValue(getAddress(sent.to)),
                reviewed: codeValue('—'),
              }),
      });
  } else if (!sameAddress(sent.to, reviewed.to)) {
    const to = { sent: codeValue(getAddress(sent.to)), reviewed: codeValue(getAddress(reviewed.to)) };
    found.push({ field: 'to', text: msg('core.devices:wallet.mismatch.to', to) });
  }
  if (sent.value !== reviewed.value) {
    const amount = (value: bigint) => amountValue(value, native.decimals, native.symbol, { full: true });
    const values = { sent: amount(sent.value), reviewed: amount(reviewed.value) };
    found.push({ field: 'value', text: msg('core.devices:wallet.mismatch.value', values) });
  }
  if (!sameHex(sent.data, reviewed.data)) {
    const diff = firstDifference(sent.data, reviewed.data);
    const values = { at: diff.at, sent: codeValue(diff.sent), reviewed: codeValue(diff.reviewed) };
    found.push({ field: 'data', text: msg('core.devices:wallet.mismatch.data', values) });
  }
  if (sent.nonce < reviewed.nonce || takenNonces.includes(sent.nonce))
    found.push({
      field: 'nonce',
      text: msg('core.devices:wallet.mismatch.nonce', { sent: sent.nonce, reviewed: reviewed.nonce }),
    });
  if (sent.chainId === undefined && reviewed.chainId !== undefined)
    found.push({
      field: 'chain',
      text: msg('core.devices:wallet.mismatch.noChain', { reviewed: codeValue(String(reviewed.chainId)) }),
    });
  return found;
}

/**
 * How what a browser wallet (`wallet`: its announced name) sent differs from what the person
 * reviewed: `fields`, each field that differs, and `notice`, one Message naming the wallet and
 * each of them, undefined when it sent just that. `takenNonces`: the nonces of the account's
 * other transactions still waiting (see differences for the nonce rule). Gas and fees are the
 * wallet's to choose and are not compared.
 */
export function sentMismatch(
  wallet: string,
  reviewed: SentFields,
  sent: SentFields,
  native: { decimals: number; symbol: string },
  takenNonces: readonly number[] = [],
): { fields: SentDifference[]; notice: Message | undefined } {
  const found = differences(reviewed, sent, native, takenNonces);
  const [first, ...rest] = found.map((d) => d.text);
  if (first === undefined) return { fields: [], notice: undefined };
  const list = rest.reduce<Message>((list, item) => msg('core.devices:wallet.mismatch.list', { list, item }), first);
  return {
    fields: found.map((d) => d.field),
    notice: msg('core.devices:wallet.mismatch', { wallet: walletName({ name: wallet }), differences: list }),
  };
}
