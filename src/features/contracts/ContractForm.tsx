import { type FormEvent, useId, useState } from 'react';
import type { Abi, Address } from 'viem';
import { useStore } from 'zustand';
import { Field } from '@/components/Field';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import { parseAbiText } from '@/core/contracts/abiText';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import { type KnownAbiId, knownAbi, knownAbis } from '@/core/contracts/decode/standardAbis';
import { listFunctions } from '@/core/contracts/functions';
import { fetchVerifiedAbi } from '@/core/contracts/verifiedAbi';
import { InputError } from '@/core/errors/input';
import { parseAddress } from '@/core/keys/address';
import { errorText } from '@/lib/errorMessages';
import { urlHost } from '@/lib/format';
import { useSelectedNetwork, useSession } from '@/lib/session';
import styles from './contracts.module.css';
import { type AbiSource, contractsStore, showContract, updateContracts } from './contractsStore';
import { plural } from './words';

const NO_SAVED: SavedAbi[] = [];

type Errors = { address?: string; pasted?: string; source?: string };

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
  const savedHere = typed ? saved.find((s) => s.address.toLowerCase() === typed.toLowerCase()) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    let checked: Address | undefined;
    try {
      checked = parseAddress(address);
    } catch (error) {
      next.address = errorText(error);
    }
    let found: { abi: Abi; label: string } | undefined;
    if (source === 'paste') {
      try {
        found = { abi: parseAbiText(pasted), label: 'pasted ABI' };
      } catch (error) {
        next.pasted = errorText(error);
      }
    } else if (source === 'known') {
      const known = knownAbi(standard);
      found = { abi: known.abi, label: `${known.name} standard ABI` };
    } else if (source === 'saved' && checked) {
      const entry = saved.find((s) => s.address.toLowerCase() === checked.toLowerCase());
      if (entry) found = { abi: entry.abi, label: 'ABI saved for this address' };
      else
        next.source = `No ABI is saved for this address on ${network.name}. Choose another source; once the contract is loaded, “Save this contract” keeps it.`;
    }
    if (found && countFunctions(found.abi) === 0) {
      if (source === 'paste') next.pasted = 'This ABI has no functions to call.';
      else next.source = 'This ABI has no functions to call.';
    }
    setErrors(next);
    if (next.address || next.pasted || next.source || !checked) return;
    if (source === 'explorer' && explorer) {
      setBusy(true);
      try {
        const abi = await fetchVerifiedAbi({ config: explorer, chainId: network.chainId, address: checked });
        if (countFunctions(abi) === 0) throw new InputError('INPUT_ABI', 'The verified ABI has no functions to call.');
        found = { abi, label: `verified ABI from ${urlHost(explorer.baseUrl)}` };
      } catch (error) {
        setErrors({ source: errorText(error) });
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
      <h2 id="contract-title">Contract</h2>
      <form className={ui.stack} onSubmit={submit} noValidate aria-labelledby="contract-title">
        <TextField
          label="Contract address"
          hint={`0x followed by 40 hex digits, on ${network.name}.`}
          error={errors.address}
          value={address}
          onChange={(value) => updateContracts({ address: value })}
        />
        <fieldset className={ui.choices} aria-describedby={errors.source ? sourceErrorId : undefined}>
          <legend>ABI</legend>
          <label className={ui.checkbox}>
            <input type="radio" name="abi-source" checked={source === 'known'} onChange={() => choose('known')} />
            <span>Known standard</span>
          </label>
          {source === 'known' && (
            <div className={styles.nested}>
              <Field label="Standard">
                <select value={standard} onChange={(e) => updateContracts({ standard: e.target.value as KnownAbiId })}>
                  {knownAbis.map((known) => (
                    <option key={known.id} value={known.id}>
                      {known.name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          )}
          <label className={ui.checkbox}>
            <input type="radio" name="abi-source" checked={source === 'saved'} onChange={() => choose('saved')} />
            <span>
              Saved for this address
              {savedHere && (
                <span className={ui.muted}> ({plural(countFunctions(savedHere.abi), 'function')} saved)</span>
              )}
            </span>
          </label>
          <label className={ui.checkbox}>
            <input type="radio" name="abi-source" checked={source === 'paste'} onChange={() => choose('paste')} />
            <span>Paste ABI</span>
          </label>
          {source === 'paste' && (
            <div className={styles.nested}>
              <Field
                label="ABI (JSON or one signature per line)"
                hint="Such as function balanceOf(address owner) view returns (uint256), or the JSON array from a compiler or an explorer."
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
                Fetch verified ABI from your explorer
                <span className={ui.muted}>
                  {' '}
                  (asks {urlHost(explorer.baseUrl)} with your key; it learns this address)
                </span>
              </span>
            </label>
          )}
          {errors.source && (
            <p id={sourceErrorId} className={styles.error} role="alert">
              {errors.source}
            </p>
          )}
        </fieldset>
        <div className={ui.actions}>
          <button type="submit" disabled={busy}>
            {busy ? 'Fetching the ABI…' : 'Load contract'}
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
