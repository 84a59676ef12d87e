import { useQuery } from '@tanstack/react-query';
import { type RefObject, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { AddressText } from '@/components/AddressText';
import { CodeText } from '@/components/CodeText';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import { type ContractFunction, listFunctions } from '@/core/contracts/functions';
import { type Message, msg, untrustedValue } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useAddressNames } from '@/lib/names/addressNames';
import { codeQuery } from '@/lib/queries/explorerQueries';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import { useSelectedAccount } from '@/lib/vault/vault';
import styles from './contracts.module.css';
import { contractsStore, type LoadedContract, setOpen } from './contractsStore';
import { FunctionForm, type FunctionFormProps } from './FunctionForm';

const NO_SAVED: SavedAbi[] = [];

/** The contract loaded: where its ABI came from, saving it, and its read and write functions. */
export function LoadedContractSection({
  contract,
  headingRef,
}: {
  contract: LoadedContract;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const t = useT('contracts');
  const network = useSelectedNetwork();
  const networkName = untrustedValue(network.name, 'name');
  const account = useSelectedAccount();
  const addressName = useAddressNames(network);
  const saved = useSession((s) => s.savedAbis[network.id] ?? NO_SAVED).find((s) =>
    sameAddress(s.address, contract.address),
  );
  const saveAbi = useSession((s) => s.saveAbi);
  const whenSaved = useSession((s) => s.whenSaved);
  const [status, setStatus] = useState<Message | string>();
  const functions = useMemo(() => listFunctions(contract.abi), [contract.abi]);
  const isSaved = useMemo(
    () => saved !== undefined && JSON.stringify(saved.abi) === JSON.stringify(contract.abi),
    [saved, contract.abi],
  );
  const code = useQuery(codeQuery(network, contract.address));
  const noCode = code.isSuccess && (code.data === undefined || code.data === '0x');
  const name = addressName(contract.address);

  const save = async () => {
    saveAbi(network.id, { address: contract.address, abi: contract.abi });
    try {
      await whenSaved();
      setStatus(msg('contracts:loaded.savedStatus', { network: networkName }));
    } catch (e) {
      setStatus(errorMessage(e));
    }
  };

  return (
    <section className={ui.section} aria-labelledby="functions-title">
      <h2 id="functions-title" ref={headingRef} tabIndex={-1}>
        {t('contracts:loaded.title')}
      </h2>
      <p className={styles.address}>
        {name === undefined ? (
          <AddressText address={contract.address} />
        ) : (
          <T
            id="contracts:loaded.named"
            values={{ name: untrustedValue(name, 'name') }}
            tags={{ 0: <strong />, 1: <AddressText address={contract.address} /> }}
          />
        )}{' '}
        <span className={ui.muted}>
          <T message={contract.sourceLabel} />
        </span>
      </p>
      {noCode && (
        <p role="alert" className={ui.noticeWarning}>
          <T id="contracts:loaded.noCode" values={{ network: networkName }} />
        </p>
      )}
      <div className={ui.actions}>
        {isSaved ? (
          <span>
            <T id="contracts:loaded.savedFor" values={{ network: networkName }} />
          </span>
        ) : (
          <button type="button" className={ui.secondary} onClick={save}>
            {saved ? t('contracts:loaded.replace') : t('contracts:loaded.save')}
          </button>
        )}
        <span role="status" className={ui.muted}>
          {status !== undefined && <T message={status} />}
        </span>
      </div>
      <FunctionGroup kind="read" functions={functions.read} contract={contract} account={account} />
      <FunctionGroup
        kind="write"
        functions={functions.write}
        contract={contract}
        account={account}
        note={
          account && account.source.kind === 'watch'
            ? t('contracts:loaded.watchOnly', { name: untrustedValue(account.name, 'name') })
            : t('contracts:loaded.writeNote')
        }
      />
    </section>
  );
}

/** The words of the read and the write functions' groups. */
const GROUP_WORDS = {
  read: { title: 'contracts:loaded.read', empty: 'contracts:loaded.noRead' },
  write: { title: 'contracts:loaded.write', empty: 'contracts:loaded.noWrite' },
} as const;

function FunctionGroup(props: {
  kind: keyof typeof GROUP_WORDS;
  functions: readonly ContractFunction[];
  contract: LoadedContract;
  account: Account | undefined;
  note?: string;
}) {
  const t = useT('contracts');
  const words = GROUP_WORDS[props.kind];
  const id = `${props.kind}-functions-title`;
  return (
    <section className={ui.stack} aria-labelledby={id}>
      <h3 id={id}>{t(words.title, { count: props.functions.length })}</h3>
      {props.note && props.functions.length > 0 && <p className={ui.muted}>{props.note}</p>}
      {props.functions.length === 0 ? (
        <p className={ui.muted}>{t(words.empty)}</p>
      ) : (
        <ul className={ui.plainList}>
          {props.functions.map((fn) => (
            <FunctionItem key={fn.id} fn={fn} contract={props.contract} account={props.account} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A function, closed by default; its fields exist in the page only while it is open. */
function FunctionItem({ fn, contract, account }: FunctionFormProps) {
  const key = `${fn.kind}:${fn.id}`;
  const open = useStore(contractsStore, (s) => s.open.includes(key));
  return (
    <li>
      <details className={styles.function} open={open} onToggle={(e) => setOpen(key, e.currentTarget.open)}>
        <summary>
          <CodeText>{fn.signature.replace(/^function /, '')}</CodeText>
        </summary>
        {open && <FunctionForm fn={fn} contract={contract} account={account} />}
      </details>
    </li>
  );
}
