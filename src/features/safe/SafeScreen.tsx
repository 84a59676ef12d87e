import { Link, useParams } from 'react-router';
import type { Address } from 'viem';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Account, SafeSource } from '@/core/accounts/account';
import { codeValue, msg, untrustedValue } from '@/core/i18n/message';
import { addressOrProblem } from '@/core/keys/address';
import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import { useVaultAccount } from '@/lib/vault/vault';
import { SafeBody } from './SafeBody';
import styles from './safe.module.css';

/**
 * One of the person's Safe accounts: what the node says of it (owners, threshold, nonce, code),
 * the Safe transactions Cairn keeps for it, and what can be done with each (sign, confirm on-chain,
 * pass on, execute, forget); and the import of what another owner sends.
 */
export function SafeScreen() {
  const t = useT('safe');
  const { address: param = '' } = useParams();
  const parsed = addressOrProblem(param, msg('common:error.unexpected'));
  return (
    <Screen title={t('common:screen.safe.label')}>
      <div className={`${ui.stack} ${styles.page}`}>
        {'problem' in parsed ? (
          <p role="alert" className={ui.noticeDanger}>
            <T id="safe:screen.invalid" values={{ text: untrustedValue(param, 'whole'), problem: parsed.problem }} />
          </p>
        ) : (
          <SafePage key={parsed.address} address={parsed.address} />
        )}
      </div>
    </Screen>
  );
}

function isSafe(account: Account | undefined): account is Account & { source: SafeSource } {
  return account?.source.kind === 'safe';
}

function SafePage({ address }: { address: Address }) {
  const t = useT('safe');
  const links = useLinks();
  const account = useVaultAccount(address);
  const network = useSelectedNetwork();
  const networks = useSession((s) => s.networks);
  const selectNetwork = useSession((s) => s.selectNetwork);
  if (!isSafe(account))
    return (
      <div className={`${ui.noticeWarning} ${ui.stack}`} role="alert">
        <p className={ui.flush}>
          <T id="safe:screen.notYours" values={{ address: codeValue(address) }} />
        </p>
        <p className={ui.flush}>
          <Link to={links.addWallet}>{t('safe:screen.addSafe')}</Link>
        </p>
      </div>
    );
  const { chainId } = account.source;
  const elsewhere = network.chainId !== chainId;
  const itsNetwork = networks.find((n) => n.chainId === chainId);
  return (
    <>
      <p>
        <T id="safe:screen.account" values={{ name: untrustedValue(account.name, 'name') }} />
      </p>
      {elsewhere ? (
        <div className={`${ui.noticeWarning} ${ui.stack}`}>
          <p className={ui.flush}>
            <T
              id="safe:screen.otherNetwork"
              values={{
                network: untrustedValue(network.name, 'name'),
                chainId: String(chainId),
                address: codeValue(address),
              }}
            />
          </p>
          {itsNetwork && (
            <div className={ui.actions}>
              <button type="button" className={ui.secondary} onClick={() => selectNetwork(itsNetwork.id)}>
                <T id="safe:screen.switchNetwork" values={{ network: untrustedValue(itsNetwork.name, 'name') }} />
              </button>
            </div>
          )}
        </div>
      ) : (
        <SafeBody key={network.id} network={network} account={account} />
      )}
    </>
  );
}
