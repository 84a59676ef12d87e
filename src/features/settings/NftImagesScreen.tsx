import { type FormEvent, useState } from 'react';
import { Screen } from '@/components/Screen';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import { isLocalPlainUrl } from '@/core/chain/plainHttp';
import { type Message, msg } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useSession } from '@/lib/stores/session';
import styles from './settings.module.css';

/** What is wrong with a gateway URL, or undefined when it can be used. */
export function gatewayProblem(text: string): Message | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return msg('settings:nftImages.gateway.notUrl');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalPlainUrl(url)))
    return msg('settings:nftImages.gateway.notHttps');
  if (url.username || url.password || url.search || url.hash) return msg('settings:nftImages.gateway.extraParts');
  if (!url.pathname.endsWith('/ipfs/')) return msg('settings:nftImages.gateway.notIpfs');
  return undefined;
}

/** Where NFT images may come from: nothing by default; an IPFS gateway and the web only if the person says so. */
export function NftImagesScreen() {
  const t = useT('settings');
  const media = useSession((s) => s.nftMedia);
  const setNftMedia = useSession((s) => s.setNftMedia);
  const whenSaved = useSession((s) => s.whenSaved);
  const [gateway, setGateway] = useState(media.ipfsGateway ?? '');
  const [allowWeb, setAllowWeb] = useState(media.allowWeb);
  const [error, setError] = useState<Message | string>();
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = gatewayProblem(gateway);
    setError(problem);
    if (problem) return;
    setNftMedia({ ipfsGateway: gateway.trim() || undefined, allowWeb });
    try {
      await whenSaved();
      setSaved(true);
    } catch (e) {
      setSaved(false);
      setError(errorMessage(e));
    }
  };

  return (
    <Screen title={t('settings:nftImages.title')}>
      <p className={styles.intro}>{t('settings:nftImages.intro')}</p>
      <form className={ui.section} onSubmit={submit} noValidate>
        <TextField
          type="url"
          label={t('settings:nftImages.gateway.label')}
          hint={t('settings:nftImages.gateway.hint')}
          error={error}
          value={gateway}
          onChange={setGateway}
        />
        <label className={ui.checkbox}>
          <input type="checkbox" checked={allowWeb} onChange={(e) => setAllowWeb(e.target.checked)} />
          <span>{t('settings:nftImages.allowWeb')}</span>
        </label>
        <div className={ui.actions}>
          <button type="submit">{t('settings:nftImages.save')}</button>
          <span role="status">{saved ? t('settings:nftImages.saved') : ''}</span>
        </div>
      </form>
    </Screen>
  );
}
