import ui from '@/components/ui.module.css';
import { type Network, type RpcSource, rpcChosenByPerson } from '@/core/chain/networks';
import { type PlainMessageId, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useSession } from '@/lib/stores/session';

/** Where an RPC the person did not choose came from (none for one they did). */
const SOURCE: Record<RpcSource, PlainMessageId | undefined> = {
  local: undefined,
  person: undefined,
  preset: 'settings:networks.rpcFrom.preset',
  site: 'settings:networks.rpcFrom.site',
  unrecorded: 'settings:networks.rpcFrom.unrecorded',
};

/**
 * On a network whose RPC the person did not choose: where it came from, and their choice of
 * letting Cairn name all their accounts in one request through it (one account at a time if not).
 */
export function NetworkReads({ network }: { network: Network }) {
  const t = useT('settings');
  const allowed = useSession((s) => (s.networkConfig.allAccountReads ?? []).includes(network.id));
  const setAllAccountReads = useSession((s) => s.setAllAccountReads);
  const source = SOURCE[network.rpcFrom];
  if (rpcChosenByPerson(network) || !source) return null;
  return (
    <>
      <p className={ui.muted}>
        {t(source)} {t('settings:networks.oneAccount')}
      </p>
      <label className={ui.checkbox}>
        <input
          type="checkbox"
          checked={allowed}
          onChange={(event) => setAllAccountReads(network.id, event.target.checked)}
        />
        <span>{t('settings:networks.allAccounts', { name: untrustedValue(network.name, 'name') })}</span>
      </label>
    </>
  );
}
