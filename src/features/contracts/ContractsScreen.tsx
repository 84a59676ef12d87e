import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useSelectedNetwork } from '@/lib/stores/session';
import { CalldataDecoder } from './CalldataDecoder';
import { ContractForm } from './ContractForm';
import { contractsStore } from './contractsStore';
import { ExampleContracts } from './ExampleContracts';
import { LoadedContractSection } from './LoadedContractSection';
import { SavedContracts } from './SavedContracts';

/**
 * Contracts: open any contract with a standard, saved, pasted or explorer-verified ABI; call its
 * read functions through the person's node; hand its write functions to Send; decode calldata. On
 * the local chain, the seeded example contracts load in one click.
 */
export function ContractsScreen() {
  const t = useT('contracts');
  const network = useSelectedNetwork();
  const loaded = useStore(contractsStore, (s) => s.loaded);
  const current = loaded?.networkId === network.id ? loaded : undefined;
  const functionsHeading = useRef<HTMLHeadingElement>(null);
  // Once the person loads a contract, take them (and a screen reader) to its functions.
  const focusFunctions = useRef(false);
  const showFunctions = () => {
    focusFunctions.current = true;
  };
  const serial = current?.serial;
  useEffect(() => {
    if (serial === undefined || !focusFunctions.current) return;
    focusFunctions.current = false;
    functionsHeading.current?.focus();
  }, [serial]);

  return (
    <Screen title={t('contracts:title')}>
      <p className={ui.muted}>
        <T id="contracts:intro" values={{ network: untrustedValue(network.name, 'name') }} />
      </p>
      <ContractForm onLoaded={showFunctions} />
      <SavedContracts onLoaded={showFunctions} />
      <ExampleContracts onLoaded={showFunctions} />
      {current && <LoadedContractSection key={current.serial} contract={current} headingRef={functionsHeading} />}
      <CalldataDecoder abi={current?.abi} />
    </Screen>
  );
}
