import { useEffect, useRef, useState } from 'react';
import { useEnteredShares } from '@/components/shares/useEnteredShares';
import { T } from '@/components/T';
import type { Message } from '@/core/i18n/message';
import { type DerivedAddress, nfkdBytes, seedFromPhrase } from '@/core/keys/hd';
import type { ParsedPhrase } from '@/core/keys/phrase';
import { phraseFromShares } from '@/core/keys/slip39/sharedPhrase';
import { combineShares } from '@/core/keys/slip39/slip39';
import type { NewSecret } from '@/core/vault/contentsOps';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { AccountPicker } from './AccountPicker';
import { FinishStep } from './FinishStep';
import { ShareEntry, type ShareEntryState } from './ShareEntry';
import type { FlowProps } from './types';

/** What the shares gave back: a phrase and its BIP39 seed, or a master secret, which is the seed. */
type Restored = { kind: 'phrase'; phrase: ParsedPhrase; seed: Uint8Array } | { kind: 'masterSecret'; seed: Uint8Array };

/**
 * Restores a wallet from SLIP-0039 shares, entered one at a time: each is checked against those
 * before it as it comes (a refused one changes nothing), and once enough are in, the first
 * addresses are shown before anything is saved. The shares cannot say what they hold, so the
 * person says: Cairn's shares of a recovery phrase give back that phrase, a SLIP-0039 wallet's
 * (a Trezor's) give its master secret, which is the BIP-32 seed.
 */
export function RestoreSharesFlow({ mode, onDone, onCancel }: FlowProps) {
  const [entry, setEntry] = useState<ShareEntryState>({
    kind: undefined,
    language: 'english',
    passphrase: { enabled: false, value: '', confirm: '' },
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | string>();
  const [restored, setRestored] = useState<Restored>();
  const [chosen, setChosen] = useState<{ addresses: DerivedAddress[]; template: string }>();
  const passphrase = entry.passphrase.enabled ? entry.passphrase.value : '';

  // A share taken clears the step's sentence (too few shares, say), which no longer holds. The
  // shares are zero-filled by useEnteredShares; the seed is secret too, zero-filled when the flow
  // goes away, however it ends.
  const entered = useEnteredShares({ onTaken: () => setError(undefined) });
  const { shares } = entered;
  const heldSeed = useRef(restored?.seed);
  heldSeed.current = restored?.seed;
  useEffect(
    () => () => {
      heldSeed.current?.fill(0);
    },
    [],
  );

  const restore = async () => {
    setBusy(true);
    try {
      if (entry.kind === undefined) return;
      if (entry.kind === 'phrase') {
        const phrase = await phraseFromShares(shares, entry.language);
        const seed = await seedFromPhrase(nfkdBytes(phrase.phrase), nfkdBytes(passphrase));
        setRestored({ kind: 'phrase', phrase, seed });
      } else {
        setRestored({ kind: 'masterSecret', seed: await combineShares(shares, passphrase) });
      }
      setError(undefined);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (!restored) {
    return (
      <ShareEntry
        state={entry}
        onChange={(next) => {
          setEntry(next);
          setError(undefined);
        }}
        entered={entered}
        onContinue={() => void restore()}
        onBack={onCancel}
        busy={busy}
        error={error}
      />
    );
  }

  if (!chosen) {
    return (
      <AccountPicker seed={restored.seed} onConfirm={(addresses, template) => setChosen({ addresses, template })} />
    );
  }

  const secret = (): NewSecret =>
    restored.kind === 'phrase'
      ? {
          kind: 'phrase',
          phrase: nfkdBytes(restored.phrase.phrase),
          passphrase: nfkdBytes(passphrase),
          language: restored.phrase.language,
          origin: 'imported-shares',
          backedUp: true,
        }
      : {
          kind: 'masterSecret',
          masterSecret: restored.seed.slice(),
          passphrase: new TextEncoder().encode(passphrase),
          origin: 'imported-shares',
          backedUp: true,
        };

  return (
    <FinishStep
      mode={mode}
      onDone={onDone}
      summary={
        <T
          id={passphrase ? 'onboarding:shares.summaryWithPassphrase' : 'onboarding:shares.summary'}
          values={{ count: chosen.addresses.length }}
        />
      }
      prepare={async () => ({
        secret: secret(),
        accounts: chosen.addresses.map((a) => ({
          address: a.address,
          source: { kind: 'hd' as const, template: chosen.template, index: a.index, path: a.path },
        })),
      })}
    />
  );
}
