import { useEffect, useRef, useState } from 'react';
import type { Address } from 'viem';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { WorkProgress } from '@/components/WorkProgress';
import type { Message } from '@/core/i18n/message';
import { PATH_PRESETS, type PathPreset, pathForIndex } from '@/core/keys/derivationPath';
import { answeredWithin, getLedgerAddress, QUESTION_MS } from '@/core/ledger/ethApp';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { connectEthereumApp, type LedgerTransport } from '@/lib/ledger/webHidTransport';
import { QueryScope } from '@/lib/queries/queryClient';
import { type AddressChoice, AddressChoices, continueWith, PathPresetChoice, toggled } from './AddressChoices';
import { FinishStep } from './FinishStep';
import { StepForm } from './StepForm';
import type { FlowProps } from './types';

const PAGE = 5;
/** Ledger Live's path first: most Ledger owners use it. */
const LEDGER_PRESETS = [...PATH_PRESETS].sort(
  (a, b) => Number(b.id === 'ledger-live') - Number(a.id === 'ledger-live'),
);

/**
 * Adds accounts whose keys stay on a Ledger (over WebHID, in Chromium browsers): connect, choose
 * addresses by Ledger Live, legacy or standard paths with their balances, add them. Cairn keeps
 * only addresses and paths; each signature is asked of the Ledger.
 */
export function ImportLedgerFlow({ mode, onDone, onCancel }: FlowProps) {
  const t = useT('onboarding');
  const ledger = useRef<LedgerTransport | undefined>(undefined);
  const [connected, setConnected] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | string>();
  const [chosen, setChosen] = useState<AddressChoice[]>();
  useEffect(
    () => () => {
      void ledger.current?.close();
    },
    [],
  );

  const connect = async () => {
    setBusy(true);
    setError(undefined);
    try {
      ledger.current = await connectEthereumApp();
      setConnected(true);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (!connected || !ledger.current) {
    return (
      <StepForm
        title={t('onboarding:ledger.title')}
        description={t('onboarding:ledger.description')}
        error={error}
        onContinue={connect}
        continueLabel={t('onboarding:ledger.connect')}
        busy={busy}
        busyLabel={t('onboarding:ledger.connecting')}
        onBack={onCancel}
      />
    );
  }

  if (!chosen) {
    return (
      <QueryScope>
        <LedgerPicker ledger={ledger.current} onBack={() => setConnected(false)} onConfirm={setChosen} />
      </QueryScope>
    );
  }

  return (
    <FinishStep
      mode={mode}
      onDone={onDone}
      summary={<T id="onboarding:ledger.summary" values={{ count: chosen.length }} />}
      prepare={async () => ({
        secret: undefined,
        accounts: chosen.map((a) => ({ address: a.address, source: { kind: 'ledger' as const, path: a.path } })),
      })}
    />
  );
}

function LedgerPicker({
  ledger,
  onBack,
  onConfirm,
}: {
  ledger: LedgerTransport;
  onBack(): void;
  onConfirm(chosen: AddressChoice[]): void;
}) {
  const t = useT('onboarding');
  const [preset, setPreset] = useState(LEDGER_PRESETS[0] as PathPreset);
  const { template } = preset;
  const [count, setCount] = useState(PAGE);
  const [addresses, setAddresses] = useState<AddressChoice[]>([]);
  /** How many of the `count` addresses are read so far (each one a question to the Ledger). */
  const [readSoFar, setReadSoFar] = useState(0);
  /** Addresses already read from the Ledger, by path: showing more asks only for the new ones. */
  const known = useRef(new Map<string, Address>());
  const [error, setError] = useState<Message | string>();
  const [selected, setSelected] = useState<Set<number>>(new Set([0]));
  const [attempted, setAttempted] = useState(false);

  useEffect(() => {
    let stale = false;
    setError(undefined);
    setReadSoFar(0);
    (async () => {
      const read: AddressChoice[] = [];
      for (let index = 0; index < count && !stale; index++) {
        const path = pathForIndex(template, index);
        const address =
          known.current.get(path) ??
          (await getLedgerAddress(answeredWithin(ledger.exchange, QUESTION_MS), path)).address;
        known.current.set(path, address);
        read.push({ index, path, address });
        if (!stale) setReadSoFar(read.length);
      }
      if (!stale) setAddresses(read);
    })().catch((e: unknown) => !stale && setError(errorMessage(e)));
    return () => {
      stale = true;
    };
  }, [ledger, template, count]);

  const shown = addresses.filter((a) => pathForIndex(template, a.index) === a.path);
  const submit = () => {
    setAttempted(true);
    if (selected.size > 0) onConfirm(shown.filter((a) => selected.has(a.index)));
  };
  return (
    <StepForm
      title={t('onboarding:choose.title')}
      error={error ?? (attempted && selected.size === 0 ? t('onboarding:choose.noneChosen') : undefined)}
      onContinue={submit}
      continueLabel={continueWith(selected.size)}
      continueDisabled={shown.length === 0}
      onBack={onBack}
    >
      <PathPresetChoice
        presets={LEDGER_PRESETS}
        chosenId={preset.id}
        onChoose={(id) => {
          setPreset(LEDGER_PRESETS.find((p) => p.id === id) ?? preset);
          setCount(PAGE);
          setSelected(new Set([0]));
        }}
      />
      {shown.length < count && !error && (
        <WorkProgress
          label={t('onboarding:ledger.reading')}
          fraction={Math.min(readSoFar, count) / count}
          detail={t('onboarding:ledger.readingCount', { done: Math.min(readSoFar, count), total: count })}
        />
      )}
      <AddressChoices addresses={shown} selected={selected} onToggle={(i) => setSelected(toggled(selected, i))} />
      <div className={ui.actions}>
        <button type="button" className={ui.secondary} onClick={() => setCount((c) => c + PAGE)}>
          {t('onboarding:choose.showMore', { count: PAGE })}
        </button>
      </div>
    </StepForm>
  );
}
