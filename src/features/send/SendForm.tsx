import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Address } from 'viem';
import { useStore } from 'zustand';
import { Amount, Fiat } from '@/components/Amount';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import forms from '@/components/forms.module.css';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { contactsFor } from '@/core/addressBook/contact';
import { usdValue } from '@/core/assets/fiat';
import { amountValue, codeValue, type MessageId, type MessageValue, untrustedValue } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import { untrustedLabel } from '@/core/text/untrustedText';
import type { RecipientFinding } from '@/core/tx/safety';
import { useDecimalInput, useT } from '@/lib/i18n';
import { shortAddress } from '@/lib/i18n/format';
import { useLinks } from '@/lib/links';
import { useKnownRecipients } from '@/lib/names/knownAddresses';
import type { BalanceMark } from '@/lib/portfolio/useFungibleAssets';
import { headForSend } from '@/lib/queries/chainQueries';
import { feeMarketQuery } from '@/lib/queries/txQueries';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import { useSendingAccounts, useVault } from '@/lib/vault/vault';
import { AdvancedFields } from './AdvancedFields';
import { batchRefusals, spentByBatch } from './batchRefusals';
import { continueSend, type FieldErrors } from './continueSend';
import { FeePresets } from './FeePresets';
import { FindingsPanel } from './FindingsPanel';
import { SendNetworkField } from './SendNetworkField';
import { addToBatch, goTo, onAnotherNetwork, sendFlowStore, updateForm } from './sendFlowStore';
import { type SendableAsset, useSendAssets } from './useSendAssets';

export function SendForm() {
  const t = useT('send');
  const typing = useDecimalInput();
  const network = useSelectedNetwork();
  const links = useLinks();
  const form = useStore(sendFlowStore, (s) => s.form);
  const accounts = useVault((s) => s.accounts);
  const { accounts: signable, preferred } = useSendingAccounts(network);
  const contacts = useSession((s) => s.addressBook);
  // The account shown in "From" is the one used: never a watch-only one the list cannot show.
  const from = signable.find((a) => a.id === form.fromId) ?? preferred;
  // A Safe's transaction is proposed to its owners: whoever executes it later pays the fee.
  const isSafe = from?.source.kind === 'safe';
  // A passkey account's transaction is sent, and its fee paid, by another account (chosen in its review).
  const isPasskey = from?.source.kind === 'passkeyAccount';
  const { assets, asset, balance, price, priceFromParent, proven } = useSendAssets(network, from?.address, form.asset);
  const market = useQuery(feeMarketQuery(network));
  const queryClient = useQueryClient();
  const own = useMemo(
    () => accounts.filter((a) => !a.hidden).map((a) => ({ address: a.address as Address, name: a.name })),
    [accounts],
  );
  const { known, suspicious } = useKnownRecipients(network, from?.address);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [findings, setFindings] = useState<RecipientFinding[]>([]);
  const [acknowledged, setAcknowledged] = useState(false);
  const [revert, setRevert] = useState<MessageValue>();
  const [busy, setBusy] = useState(false);
  const suggestionsId = useId();
  const feeKind = market.data?.kind ?? 'eip1559';
  const suggestions = [
    ...contactsFor(contacts, network.id).map((c) => ({ value: c.address, label: untrustedLabel(c.name, 'name') })),
    ...own
      .filter((a) => !sameAddress(a.address, from?.address))
      .map((a) => ({
        value: a.address,
        label: t('send:form.suggestion.ownAccount', { name: untrustedValue(a.name, 'name') }),
      })),
    ...known
      .filter((k) => k.source === 'recipient' && !k.name)
      .map((k) => ({ value: k.address, label: t('send:form.suggestion.sentBefore') })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void continueNow();
  };
  const continueNow = async (toBatch = false) => {
    if (toBatch) {
      const refused = batchRefusals(form);
      if (refused) {
        setErrors(refused);
        return;
      }
    }
    const batchOwner = from ? `${network.id}:${from.id}` : undefined;
    setBusy(true);
    setRevert(undefined);
    try {
      const result = await continueSend({
        form: { ...form, fromId: from?.id },
        network,
        from,
        asset,
        price,
        feeKind,
        known,
        suspicious,
        acknowledged,
        format: typing.format,
        // The shared head, as its pacing gives it (the last read while still the head, else read
        // now, in the send's batch: never an old one kept while the window was hidden), and the fee
        // market where it is of that block or later (prepareSend checks).
        chainRead: { head: headForSend(queryClient, network), market: market.data },
        inBatch: toBatch || isSafe || isPasskey,
        batchSpent: toBatch && form.batchFor === batchOwner ? spentByBatch(form.batch, asset) : undefined,
        proven,
      });
      setErrors(result.ok ? {} : result.errors);
      setFindings(result.findings ?? []);
      if (!result.ok) {
        setRevert(result.revert);
        return;
      }
      if (toBatch && from) {
        const { prepared, recipient } = result;
        const intent = { asset: prepared.draft.asset, amount: prepared.amount, recipient: recipient.address };
        addToBatch({ call: prepared.call, intent, recipientName: recipient.name }, `${network.id}:${from.id}`);
        setAcknowledged(false);
        return;
      }
      if (isPasskey) {
        const { prepared, recipient } = result;
        const intent = { asset: prepared.draft.asset, amount: prepared.amount, recipient: recipient.address };
        const transfer = { id: 'passkey', call: prepared.call, intent, recipientName: recipient.name };
        goTo({ name: 'passkeyReview', networkId: network.id, transfer });
        return;
      }
      goTo({
        name: 'review',
        prepared: result.prepared,
        recipient: result.recipient,
        findings: result.findings,
        networkId: network.id,
      });
    } finally {
      setBusy(false);
    }
  };
  // A call prepared on another screen (a swap) goes straight to its review, as Continue would.
  const { autoContinue } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per prepared call, with the form as it is now
  useEffect(() => {
    if (!autoContinue) return;
    updateForm({ autoContinue: false });
    void continueNow();
  }, [autoContinue]);
  const change = (patch: Parameters<typeof updateForm>[0]) => {
    updateForm(patch);
    // A confirmation covers the findings it was given for: any change to whom, what or from whom asks again.
    if ('recipient' in patch || 'asset' in patch || 'fromId' in patch || 'networkId' in patch) {
      setAcknowledged(false);
      setFindings([]);
    }
  };
  const typedUsd = form.unit === 'usd';
  // For labels and hints, which take plain text.
  const symbolValue = untrustedValue(asset.symbol, asset.kind === 'nft' ? 'tokenName' : 'symbol');

  return (
    <form className={forms.stack} onSubmit={submit} noValidate aria-label={t('send:form.label')}>
      <SendNetworkField
        network={network}
        onChange={(networkId) => {
          setErrors({});
          setRevert(undefined);
          change(onAnotherNetwork(form, networkId));
        }}
      />
      <Field label={t('send:form.from.label')} error={errors.fromId}>
        <select value={from?.id ?? ''} onChange={(e) => change({ fromId: e.target.value })}>
          {signable.map((account) => (
            <option key={account.id} value={account.id}>
              {t(account.demo ? 'send:form.from.optionDemo' : 'send:form.from.option', {
                name: untrustedValue(account.name, 'name'),
                address: codeValue(shortAddress(account.address)),
              })}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={t('send:form.recipient.label')}
        hint={t(network.ensUniversalResolver ? 'send:form.recipient.hintEns' : 'send:form.recipient.hint')}
        error={errors.recipient}
      >
        <input
          type="text"
          value={form.recipient}
          list={suggestionsId}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          onChange={(e) => change({ recipient: e.target.value })}
        />
      </Field>
      <datalist id={suggestionsId}>
        {suggestions.map((s) => (
          <option key={`${s.value}-${s.label}`} value={s.value}>
            {s.label}
          </option>
        ))}
      </datalist>
      <p className={ui.muted}>
        <Link to={links.addressBook}>{t('send:form.addressBookLink')}</Link>
      </p>
      <Field
        label={t('send:form.asset.label')}
        hint={balance !== undefined ? undefined : t('send:form.asset.readingBalances')}
      >
        <select value={form.asset} onChange={(e) => change({ asset: e.target.value, max: false, unit: 'asset' })}>
          {assets.map((a) => {
            const { text, bare } = assetChoice(a, t);
            return (
              // A bare symbol (balances still being read) is data, not words.
              <option key={a.key} value={a.key} translate={bare ? 'no' : undefined}>
                {text}
              </option>
            );
          })}
        </select>
      </Field>
      {balance !== undefined && (
        <p className={ui.muted}>
          <T
            id={price ? 'send:form.balanceWithFiat' : 'send:form.balance'}
            tags={{
              0: <Amount value={balance} decimals={asset.decimals} symbol={asset.symbol} />,
              1: <Fiat value={price && usdValue(balance, asset.decimals, price)} />,
            }}
          />
          {priceFromParent && ` ${t('common:amount.parentPrice')}`}
        </p>
      )}
      {asset.kind === 'nft' && asset.standard === 'erc721' ? (
        <p>
          <T
            id="send:form.nftOne"
            values={{ name: untrustedValue(asset.symbol, 'tokenName'), tokenId: asset.tokenId.toString() }}
          />
        </p>
      ) : (
        <div className={forms.amountRow}>
          <Field
            label={
              asset.kind === 'nft'
                ? t('send:form.amount.copies')
                : typedUsd
                  ? t('send:form.amount.usd')
                  : t('send:form.amount.asset', { symbol: symbolValue })
            }
            error={errors.amount}
            hint={
              form.max
                ? t(asset.kind === 'native' ? 'send:form.amount.maxHintNative' : 'send:form.amount.maxHint', {
                    symbol: symbolValue,
                  })
                : asset.kind === 'nft'
                  ? undefined
                  : typing.hint
            }
          >
            <input
              type="text"
              inputMode="decimal"
              value={form.max ? '' : form.amount}
              placeholder={form.max ? t('send:form.amount.max') : `0${typing.format.decimal}0`}
              disabled={form.max}
              autoComplete="off"
              onChange={(e) => change({ amount: e.target.value })}
            />
          </Field>
          {asset.kind !== 'nft' && (
            <div className={ui.actions}>
              <button
                type="button"
                className={ui.secondary}
                aria-pressed={form.max}
                onClick={() => change({ max: !form.max, unit: 'asset' })}
              >
                {t('send:form.amount.max')}
              </button>
              {price && !form.max && (
                <button
                  type="button"
                  className={ui.secondary}
                  aria-pressed={typedUsd}
                  onClick={() => change({ unit: typedUsd ? 'asset' : 'usd', amount: '' })}
                >
                  {typedUsd
                    ? t('send:form.amount.enterAsset', { symbol: symbolValue })
                    : t('send:form.amount.enterUsd')}
                </button>
              )}
            </div>
          )}
        </div>
      )}
      {isSafe || isPasskey ? (
        <p className={ui.muted}>{t(isSafe ? 'send:form.safeFee' : 'send:form.passkeyFee')}</p>
      ) : (
        <FeePresets
          market={market.data}
          unreadable={market.isError}
          preset={form.preset}
          onChange={(preset) => change({ preset })}
        />
      )}
      {!isSafe && !isPasskey && (
        <AdvancedFields form={form} errors={errors} feeKind={feeKind} decimalHint={typing.hint} onChange={change} />
      )}
      <FindingsPanel
        findings={findings}
        acknowledged={acknowledged}
        onAcknowledge={setAcknowledged}
        network={network}
      />
      {revert !== undefined && (
        <p role="alert" className={ui.noticeDanger}>
          <T id="send:form.revert" values={{ reason: revert }} />
        </p>
      )}
      <ErrorAlert message={errors.general} />
      <div className={ui.actions}>
        <button type="submit" disabled={busy}>
          {busy ? t('send:form.checking') : t('send:form.continue')}
        </button>
        <button type="button" disabled={busy} onClick={() => void continueNow(true)}>
          {t('send:batch.add')}
        </button>
      </div>
    </form>
  );
}

/** An asset as Send's list names it; `bare` when that is only its symbol, balances still being read. */
function assetChoice(a: SendableAsset, t: ReturnType<typeof useT>): { text: string; bare: boolean } {
  if (a.asset.kind === 'nft') {
    const name = untrustedValue(a.asset.symbol, 'tokenName');
    const tokenId = a.asset.tokenId.toString();
    return {
      text:
        a.asset.standard === 'erc1155'
          ? t('send:form.asset.nftHeld', { name, tokenId, count: a.balance ?? 0n })
          : t('send:form.asset.nft', { name, tokenId }),
      bare: false,
    };
  }
  if (a.balance === undefined) return { text: untrustedLabel(a.asset.symbol, 'symbol'), bare: true };
  const symbol = untrustedValue(a.asset.symbol, 'symbol');
  return {
    text: t(a.mark ? TOKEN_MARKED[a.mark] : 'send:form.asset.token', {
      symbol,
      balance: amountValue(a.balance, a.asset.decimals),
    }),
    bare: false,
  };
}

/** An asset's balance in the list, as proven where the node's claim is not (BalanceMark). */
const TOKEN_MARKED = {
  contradicted: 'send:form.asset.tokenContradicted',
  moved: 'send:form.asset.tokenMoved',
  unproven: 'send:form.asset.tokenUnproven',
} as const satisfies Record<NonNullable<BalanceMark>, MessageId>;
