import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { NetworkSelect } from '@/components/NetworkSelect';
import { Screen } from '@/components/Screen';
import { useT } from '@/lib/i18n';
import { useLinkedNetwork, useNetworkChoices, useSelectedNetwork } from '@/lib/stores/session';
import { ManageTokens } from './ManageTokens';

/**
 * Managing tokens, off Home: adding one by its contract address and bringing back hidden ones, on
 * the network picked here (a link's `network=`, else the header's). `add=1` puts focus in the
 * address field, as Home's "Add a token" asks.
 */
export function TokensScreen() {
  const t = useT('portfolio');
  const header = useSelectedNetwork();
  const [params, setParams] = useSearchParams();
  const network = useLinkedNetwork(params.get('network')) ?? header;
  const choices = useNetworkChoices(network);
  const section = useRef<HTMLElement>(null);
  const add = params.get('add') === '1';
  useEffect(() => {
    if (add) section.current?.querySelector('input')?.focus();
  }, [add]);
  return (
    <Screen title={t('portfolio:home.manageTokens')}>
      <NetworkSelect
        label={t('portfolio:tokens.network')}
        choices={choices}
        value={network}
        onChange={(id) => setParams({ network: id }, { replace: true })}
      />
      <ManageTokens key={network.id} network={network} sectionRef={section} />
    </Screen>
  );
}
