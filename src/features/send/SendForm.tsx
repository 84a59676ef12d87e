import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Address } from 'viem';
import { useStore } from 'zustand';
import { Amount, Fiat } from '@/components/Amount';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { TextField } from '@/components/TextField';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { contactsFor } from '@/core/addressBook/contact';
import { usdValue } from '@/core/assets/fiat';
import { untrustedLabel } from '@/core/text/untrustedText';
import { FEE_PRESETS, type FeePreset, presetFees } from '@/core/tx/fees';
import type { RecipientFinding } from '@/core/tx/safety';
import { formatAmount } from '@/lib/format';
import { useKnownRecipients } from '@/lib/knownAddresses';
import { useLinks } from '@/lib/links';
import { feeMarketQuery } from '@/lib/queries/txQueries';
import { useSelectedNetwork, useSession } from '@/lib/session';
import { useSigningAccounts, useVault } from '@/lib/vault';
import { continueSend, type FieldErrors } from './continueSend';
import { FindingsPanel } from './FindingsPanel';
import styles from './send.module.css';
import { goTo, sendFlowStore, updateForm } from './sendFlowStore';
import { useSendAssets } from './useSendAssets';

const presetLabels: Record<FeePreset, string> = { slow: 'Slow', normal: 'Normal', fast: 'Fast' };

function gwei(value: bigint): string {
  return formatAmount(value, 9, { maxFractionDigits: 3 });
}

export function SendForm() {
  const network = useSelectedNetwork();
  const links = useLinks();
  const form = useStore(sendFlowStore, (s) => s.form);
  const accounts = useVault((s) => s.accounts);
  const { accounts: signable, preferred } = useSigningAccounts();
  const contacts = useSession((s) => s.addressBook);
  // The account shown in "From" is the one used: never a watch-only one the list cannot show.
  const from = signable.find((a) => a.id === form.fromId) ?? preferred;
  const { assets, asset, balance, price } = useSendAssets(network, from?.address, form.asset);
  const market = useQuery(feeMarketQuery(network));
  const own = useMemo(
    () => accounts.filter((a) => !a.hidden).map((a) => ({ address: a.address as Address, name: a.name })),
    [accounts],
  );
  const { known, suspicious } = useKnownRecipients(network, from?.address);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [findings, setFindings] = useState<RecipientFinding[]>([]);
  const [acknowledged, setAcknowledged] = useState(false);
  const [revert, setRevert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const suggestionsId = useId();
  const presetName = useId();
  const feeKind = market.data?.kind ?? 'eip1559';
  const suggestions = [
    ...contactsFor(contacts, network.id).map((c) => ({ value: c.address, label: untrustedLabel(c.name, 'name') })),
    ...own
      .filter((a) => a.address.toLowerCase() !== from?.address.toLowerCase())
      .map((a) => ({ value: a.address, label: `Your account: ${a.name}` })),
    ...known
      .filter((k) => k.source === 'recipient' && !k.name)
      .map((k) => ({ value: k.address, label: 'Sent before' })),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
      });
      setErrors(result.ok ? {} : result.errors);
      setFindings(result.findings ?? []);
      if (!result.ok) {
        setRevert(result.revert);
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
  const change = (patch: Parameters<typeof updateForm>[0]) => {
    updateForm(patch);
    // A confirmation covers the findings it was given for: any change to whom, what or from whom asks again.
    if ('recipient' in patch || 'asset' in patch || 'fromId' in patch) {
      setAcknowledged(false);
      setFindings([]);
    }
  };
  const typedUsd = form.unit === 'usd';
  // For labels and hints, which take plain text.
  const symbol = untrustedLabel(asset.symbol, asset.kind === 'nft' ? 'tokenName' : 'symbol');

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Send">
      <Field label="From" error={errors.fromId}>
        <select value={from?.id ?? ''} onChange={(e) => change({ fromId: e.target.value })}>
          {signable.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name} — {account.address.slice(0, 6)}…{account.address.slice(-4)}
              {account.demo ? ' (public test key)' : ''}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Recipient"
        hint={
          network.ensUniversalResolver
            ? 'A 0x address, a contact’s name, or an ENS name such as alice.eth.'
            : 'A 0x address or a contact’s name.'
        }
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
        <Link to={links.addressBook}>Manage contacts in the address book</Link>
      </p>
      <Field label="Asset" hint={balance !== undefined ? undefined : 'Reading balances…'}>
        <select value={form.asset} onChange={(e) => change({ asset: e.target.value, max: false, unit: 'asset' })}>
          {assets.map((a) => (
            <option key={a.key} value={a.key}>
              {a.asset.kind === 'nft'
                ? `${untrustedLabel(a.asset.symbol, 'tokenName')} #${a.asset.tokenId}${a.asset.standard === 'erc1155' ? ` — ${a.balance ?? 0n} held` : ''}`
                : `${untrustedLabel(a.asset.symbol, 'symbol')}${a.balance !== undefined ? ` — balance ${formatAmount(a.balance, a.asset.decimals)}` : ''}`}
            </option>
          ))}
        </select>
      </Field>
      {balance !== undefined && (
        <p className={ui.muted}>
          Balance: <Amount value={balance} decimals={asset.decimals} symbol={asset.symbol} />
          {price && (
            <>
              {' '}
              (<Fiat value={usdValue(balance, asset.decimals, price)} />)
            </>
          )}
        </p>
      )}
      {asset.kind === 'nft' && asset.standard === 'erc721' ? (
        <p>
          Sends this one token, <UntrustedText text={asset.symbol} kind="tokenName" /> #{asset.tokenId.toString()}.
        </p>
      ) : (
        <div className={styles.amountRow}>
          <Field
            label={
              asset.kind === 'nft' ? 'Number of copies' : typedUsd ? 'Amount in US dollars' : `Amount in ${symbol}`
            }
            error={errors.amount}
            hint={
              form.max
                ? `Everything: the whole ${symbol} balance${asset.kind === 'native' ? ' minus exactly the network fee' : ''}.`
                : undefined
            }
          >
            <input
              type="text"
              inputMode="decimal"
              value={form.max ? '' : form.amount}
              placeholder={form.max ? 'Max' : '0.0'}
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
                Max
              </button>
              {price && !form.max && (
                <button
                  type="button"
                  className={ui.secondary}
                  aria-pressed={typedUsd}
                  onClick={() => change({ unit: typedUsd ? 'asset' : 'usd', amount: '' })}
                >
                  {typedUsd ? `Enter ${symbol}` : 'Enter US dollars'}
                </button>
              )}
            </div>
          )}
        </div>
      )}
      <fieldset className={ui.choices}>
        <legend>Network fee</legend>
        {FEE_PRESETS.map((preset) => {
          const fees = market.data ? presetFees(market.data, preset) : undefined;
          return (
            <label key={preset} className={ui.checkbox}>
              <input
                type="radio"
                name={presetName}
                checked={form.preset === preset}
                onChange={() => change({ preset })}
              />
              <span>
                {presetLabels[preset]}
                {fees?.kind === 'eip1559' && (
                  <span className={ui.muted}>
                    {' '}
                    — max fee {gwei(fees.maxFeePerGas)} gwei, priority fee {gwei(fees.maxPriorityFeePerGas)} gwei
                  </span>
                )}
                {fees?.kind === 'legacy' && <span className={ui.muted}> — gas price {gwei(fees.gasPrice)} gwei</span>}
              </span>
            </label>
          );
        })}
        {market.isError && (
          <p className={ui.noticeWarning}>Fees could not be read from the node; they are read again on Continue.</p>
        )}
      </fieldset>
      <details className={styles.advanced} open={form.data !== '' || undefined}>
        <summary>Advanced: gas, fees, nonce, data</summary>
        <TextField
          label="Gas limit"
          hint="Leave empty to use the node's estimate."
          error={errors.gasLimit}
          inputMode="numeric"
          value={form.gasLimit}
          onChange={(gasLimit) => change({ gasLimit })}
        />
        {feeKind === 'eip1559' ? (
          <>
            <TextField
              label="Max fee (gwei)"
              hint="Leave both fees empty to use the speed chosen above."
              error={errors.maxFee}
              inputMode="decimal"
              value={form.maxFee}
              onChange={(maxFee) => change({ maxFee })}
            />
            <TextField
              label="Priority fee (gwei)"
              error={errors.priorityFee}
              inputMode="decimal"
              value={form.priorityFee}
              onChange={(priorityFee) => change({ priorityFee })}
            />
          </>
        ) : (
          <TextField
            label="Gas price (gwei)"
            error={errors.gasPrice}
            inputMode="decimal"
            value={form.gasPrice}
            onChange={(gasPrice) => change({ gasPrice })}
          />
        )}
        <TextField
          label="Nonce"
          hint="Leave empty to use the next free nonce."
          error={errors.nonce}
          inputMode="numeric"
          value={form.nonce}
          onChange={(nonce) => change({ nonce })}
        />
        <TextField
          label="Data (hex)"
          hint="Optional call data for a native transfer."
          error={errors.data}
          value={form.data}
          onChange={(data) => change({ data })}
        />
      </details>
      <FindingsPanel
        findings={findings}
        acknowledged={acknowledged}
        onAcknowledge={setAcknowledged}
        network={network}
      />
      {revert && (
        <p role="alert" className={ui.noticeDanger}>
          The network would reject this transaction: {revert}. Nothing was sent. To send it anyway (it would fail and
          still cost its fee), set a gas limit under Advanced: the review then asks you to confirm.
        </p>
      )}
      <ErrorAlert message={errors.general} />
      <div className={ui.actions}>
        <button type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Continue'}
        </button>
      </div>
    </form>
  );
}
