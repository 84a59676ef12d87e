// A browser wallet signs and sends what Cairn hands it, or whatever it likes: Cairn never sees
// the bytes before they are sent. Once its node holds the transaction, what was sent is compared
// with what the person reviewed, and any difference is said on the record.
import { type Address, getAddress, type Hex } from 'viem';
import { amountValue, codeValue, type Message, msg } from '../i18n/message';
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

/** How many bytes of differing call data to show, from the first byte that differs. */
const SHOWN_BYTES = 8;

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

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

/** Each field of `sent` that differs from `reviewed`, in words. */
function differences(reviewed: SentFields, sent: SentFields, native: { decimals: number; symbol: string }): Message[] {
  const found: Message[] = [];
  if (sent.to === null || reviewed.to === null) {
    if (sent.to !== reviewed.to)
      found.push(
        sent.to === null
          ? msg('core.devices:wallet.mismatch.creation', { reviewed: codeValue(getAddress(reviewed.to ?? '')) })
          : msg('core.devices:wallet.mismatch.to', { sent: codeValue(getAddress(sent.to)), reviewed: codeValue('—') }),
      );
  } else if (!sameAddress(sent.to, reviewed.to)) {
    const to = { sent: codeValue(getAddress(sent.to)), reviewed: codeValue(getAddress(reviewed.to)) };
    found.push(msg('core.devices:wallet.mismatch.to', to));
  }
  if (sent.value !== reviewed.value) {
    const amount = (value: bigint) => amountValue(value, native.decimals, native.symbol, { full: true });
    found.push(
      msg('core.devices:wallet.mismatch.value', { sent: amount(sent.value), reviewed: amount(reviewed.value) }),
    );
  }
  if (sent.data.toLowerCase() !== reviewed.data.toLowerCase()) {
    const diff = firstDifference(sent.data, reviewed.data);
    found.push(
      msg('core.devices:wallet.mismatch.data', {
        at: diff.at,
        sent: codeValue(diff.sent),
        reviewed: codeValue(diff.reviewed),
      }),
    );
  }
  if (sent.nonce !== reviewed.nonce)
    found.push(msg('core.devices:wallet.mismatch.nonce', { sent: sent.nonce, reviewed: reviewed.nonce }));
  if (sent.chainId !== reviewed.chainId)
    found.push(
      sent.chainId === undefined
        ? msg('core.devices:wallet.mismatch.noChain', { reviewed: codeValue(String(reviewed.chainId ?? '')) })
        : msg('core.devices:wallet.mismatch.chain', {
            sent: codeValue(String(sent.chainId)),
            reviewed: codeValue(String(reviewed.chainId ?? '')),
          }),
    );
  return found;
}

/**
 * How what a browser wallet (`wallet`: its announced name) sent differs from what the person
 * reviewed: one Message naming the wallet and every field that differs (recipient, value, call
 * data, nonce, chain), or undefined when it sent just that. The nonce reviewed is the one Cairn
 * expected (the wallet chooses it): another one means the wallet put the transaction elsewhere in
 * the account's queue, perhaps in place of one waiting there. Gas and fees are the wallet's to
 * choose and are not compared.
 */
export function sentMismatch(
  wallet: string,
  reviewed: SentFields,
  sent: SentFields,
  native: { decimals: number; symbol: string },
): Message | undefined {
  const [first, ...rest] = differences(reviewed, sent, native);
  if (first === undefined) return undefined;
  const list = rest.reduce<Message>((list, item) => msg('core.devices:wallet.mismatch.list', { list, item }), first);
  return msg('core.devices:wallet.mismatch', { wallet: walletName({ name: wallet }), differences: list });
}
