import { type FormEvent, useId, useState } from 'react';
import type { Abi, Address } from 'viem';
import { useStore } from 'zustand';
import { Field } from '@/components/Field';
import { T } from '@/components/T';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import { parseAbiText } from '@/core/contracts/abiText';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import { type KnownAbiId, knownAbi, knownAbis } from '@/core/contracts/decode/standardAbis';
import { listFunctions } from '@/core/contracts/functions';
import { fetchVerifiedAbi } from '@/core/contracts/verifiedAbi';
import { InputError } from '@/core/errors/input';
import { codeValue, type Message, msg, untrustedValue } from '@/core/i18n/message';
import { parseAddress } from '@/core/keys/address';
import { sameAddress } from '@/core/keys/sameAddress';
import { translate, useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { urlHost } from '@/lib/i18n/format';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import styles from './contracts.module.css';
import { type AbiSource, contractsStore, showContract, updateContracts } from './contractsStore';

const NO_SAVED: SavedAbi[] = [];

type Errors = { address?: Message | string; pasted?: Message | string; source?: Message | string };

/** The address of a valid typed address, or undefined (for hints while typing; errors wait for Load). */
function quietAddress(text: string): string | undefined {
  try {
    return parseAddress(text);
  } catch {
    return undefined;
  }
}

/**
 * Which contract to open: its address (checked against its EIP-55 checksum) and where its ABI
 * comes from. Problems are shown next to their field; what was typed stays.
 */
export function ContractForm({ onLoaded }: { onLoaded(): void }) {
  const t = useT('contracts');
  const network = useSelectedNetwork();
  const saved = useSession((s) => s.savedAbis[network.id] ?? NO_SAVED);
  const explorer = useSession((s) => s.explorers[network.id]);
  const address = useStore(contractsStore, (s) => s.address);
  const chosen = useStore(contractsStore, (s) => s.source);
  const standard = useStore(contractsStore, (s) => s.standard);
  const pasted = useStore(contractsStore, (s) => s.pasted);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const sourceErrorId = useId();
  // The explorer choice disappears with the explorer; fall back to the standard ABIs then.
  const source: AbiSource = chosen === 'explorer' && !explorer ? 'known' : chosen;
  const typed = quietAddress(address);
  const savedHere = saved.find((s) => sameAddress(s.address, typed));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    let checked: Address | undefined;
    try {
      checked = parseAddress(address);
    } catch (error) {
      next.address = errorMessage(error);
    }
    let found: { abi: Abi; label: Message } | undefined;
    if (source === 'paste') {
      try {
        found = { abi: parseAbiText(pasted), label: msg('contracts:source.pasted') };
      } catch (error) {
        next.pasted = errorMessage(error);
      }
    } else if (source === 'known') {
      const known = knownAbi(standard);
      found = { abi: known.abi, label: msg('contracts:source.standard', { name: known.name }) };
    } else if (source === 'saved' && checked) {
      const entry = saved.find((s) => sameAddress(s.address, checked));
      if (entry) found = { abi: entry.abi, label: msg('contracts:source.saved') };
      else next.source = msg('contracts:form.noSavedAbi', { network: untrustedValue(network.name, 'name') });
    }
    if (found && countFunctions(found.abi) === 0) {
      if (source === 'paste') next.pasted = msg('contracts:form.noFunctions');
      else next.source = msg('contracts:form.noFunctions');
    }
    setErrors(next);
    if (next.address || next.pasted || next.source || !checked) return;
    if (source === 'explorer' && explorer) {
      setBusy(true);
      try {
        const abi = await fetchVerifiedAbi({ config: explorer, chainId: network.chainId, address: checked });
        if (countFunctions(abi) === 0) throw new InputError('INPUT_ABI', msg('contracts:form.verifiedNoFunctions'));
        found = { abi, label: msg('contracts:source.explorer', { host: codeValue(urlHost(explorer.baseUrl)) }) };
      } catch (error) {
        setErrors({ source: errorMessage(error) });
        return;
      } finally {
        setBusy(false);
      }
    }
    if (!found) return;
    showContract({ networkId: network.id, address: checked, abi: found.abi, sourceLabel: found.label });
    onLoaded();
  };

  const choose = (value: AbiSource) => {
    updateContracts({ source: value });
    setErrors((e) => ({ ...e, source: undefined, pasted: undefined }));
  };

  return (
    <section className={ui.section} aria-labelledby="contract-title">
      <h2 id="contract-title">{t('contracts:form.title')}</h2>
      <form className={ui.stack} onSubmit={submit} noValidate aria-labelledby="contract-title">
        <TextField
          label={t('contracts:form.address')}
          hint={t('contracts:form.addressHint', { network: untrustedValue(network.name, 'name') })}
          error={errors.address}
          value={address}
          onChange={(value) => updateContracts({ address: value })}
        />
        <fieldset className={ui.choices} aria-describedby={errors.source ? sourceErrorId : undefined}>
          <legend>{t('contracts:form.abi')}</legend>
          <label className={ui.checkbox}>
            <input type="radio" name="abi-source" checked={source === 'known'} onChange={() => choose('known')} />
            <span>{t('contracts:form.known')}</span>
          </label>
          {source === 'known' && (
            <div className={styles.nested}>
              <Field label={t('contracts:form.standard')}>
                <select value={standard} onChange={(e) => updateContracts({ standard: e.target.value as KnownAbiId })}>
                  {knownAbis.map((known) => (
                    <option key={known.id} value={known.id}>
                      {translate(known.name)}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          )}
          <label className={ui.checkbox}>
            <input type="radio" name="abi-source" checked={source === 'saved'} onChange={() => choose('saved')} />
            <span>
              {t('contracts:form.saved')}
              {savedHere && (
                <span className={ui.muted}>
                  {' '}
                  {t('contracts:form.savedCount', { count: countFunctions(savedHere.abi) })}
                </span>
              )}
            </span>
          </label>
          <label className={ui.checkbox}>
            <input type="radio" name="abi-source" checked={source === 'paste'} onChange={() => choose('paste')} />
            <span>{t('contracts:form.paste')}</span>
          </label>
          {source === 'paste' && (
            <div className={styles.nested}>
              <Field
                label={t('contracts:form.pasteLabel')}
                hint={msg('contracts:form.pasteHint', {
                  example: codeValue('function balanceOf(address owner) view returns (uint256)'),
                })}
                error={errors.pasted}
              >
                <textarea
                  rows={6}
                  value={pasted}
                  spellCheck={false}
                  autoCapitalize="off"
                  onChange={(e) => updateContracts({ pasted: e.target.value })}
                />
              </Field>
            </div>
          )}
          {explorer && (
            <label className={ui.checkbox}>
              <input
                type="radio"
                name="abi-source"
                checked={source === 'explorer'}
                onChange={() => choose('explorer')}
              />
              <span>
                {t('contracts:form.explorer')}
                <span className={ui.muted}>
                  {' '}
                  <T id="contracts:form.explorerNote" values={{ host: codeValue(urlHost(explorer.baseUrl)) }} />
                </span>
              </span>
            </label>
          )}
          {errors.source && (
            <p id={sourceErrorId} className={styles.error} role="alert">
              <T message={errors.source} />
            </p>
          )}
        </fieldset>
        <div className={ui.actions}>
          <button type="submit" disabled={busy}>
            {busy ? t('contracts:form.fetching') : t('contracts:form.load')}
          </button>
        </div>
      </form>
    </section>
  );
}

function countFunctions(abi: Abi): number {
  const { read, write } = listFunctions(abi);
  return read.length + write.length;
}
