import { type FormEvent, useState } from 'react';
import type { Address } from 'viem';
import { Field } from '@/components/Field';
import ui from '@/components/ui.module.css';
import { parseAbiJson } from '@/core/contracts/abiJson';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import type { Message } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';

const EMPTY: SavedAbi[] = [];

/** The ABI the person saved for a contract (used to decode its calls and events), and a way to add or remove it. */
export function ContractAbiSection({ address }: { address: Address }) {
  const t = useT('explorer');
  const network = useSelectedNetwork();
  const saved = useSession((s) => s.savedAbis[network.id] ?? EMPTY).find((a) => sameAddress(a.address, address));
  const saveAbi = useSession((s) => s.saveAbi);
  const removeAbi = useSession((s) => s.removeAbi);
  const [text, setText] = useState('');
  const [error, setError] = useState<Message | string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    try {
      saveAbi(network.id, { address, abi: parseAbiJson(text) });
      setText('');
      setError(undefined);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const count = (kind: string) => saved?.abi.filter((item) => item.type === kind).length ?? 0;
  return (
    <section className={ui.section} aria-labelledby="abi-title">
      <h2 id="abi-title">{t('explorer:abi.title')}</h2>
      {saved ? (
        <div className={ui.actions}>
          <p>{t('explorer:abi.saved', { functions: count('function'), events: count('event') })}</p>
          <button type="button" className={ui.secondary} onClick={() => removeAbi(network.id, address)}>
            {t('explorer:abi.remove')}
          </button>
        </div>
      ) : (
        <form className={ui.stack} onSubmit={submit} noValidate aria-labelledby="abi-title">
          <Field label={t('explorer:abi.label')} hint={t('explorer:abi.hint')} error={error}>
            <textarea rows={6} value={text} spellCheck={false} onChange={(e) => setText(e.target.value)} />
          </Field>
          <div className={ui.actions}>
            <button type="submit">{t('explorer:abi.save')}</button>
          </div>
        </form>
      )}
    </section>
  );
}
