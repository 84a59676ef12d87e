import { type FormEvent, useState } from 'react';
import { Screen } from '@/components/Screen';
import { TextField } from '@/components/TextField';
import ui from '@/components/ui.module.css';
import { isLocalPlainUrl } from '@/core/chain/plainHttp';
import { errorText } from '@/lib/errorMessages';
import { useSession } from '@/lib/session';
import styles from './settings.module.css';

/** A sentence saying what is wrong with a gateway URL, or undefined when it can be used. */
export function gatewayProblem(text: string): string | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter a web address such as https://ipfs.io/ipfs/ (or leave it empty).';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLocalPlainUrl(url)))
    return 'Use https:// for a gateway (plain http:// only for one on this computer).';
  if (url.username || url.password || url.search || url.hash)
    return 'A gateway address has no user name, “?” or “#” part.';
  if (!url.pathname.endsWith('/ipfs/')) return 'Gateway addresses end in /ipfs/, such as https://ipfs.io/ipfs/.';
  return undefined;
}

/** Where NFT images may come from: nothing by default; an IPFS gateway and the web only if the person says so. */
export function NftImagesScreen() {
  const media = useSession((s) => s.nftMedia);
  const setNftMedia = useSession((s) => s.setNftMedia);
  const whenSaved = useSession((s) => s.whenSaved);
  const [gateway, setGateway] = useState(media.ipfsGateway ?? '');
  const [allowWeb, setAllowWeb] = useState(media.allowWeb);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = gatewayProblem(gateway);
    setError(problem);
    if (problem) return;
    setNftMedia({ ipfsGateway: gateway.trim() || undefined, allowWeb });
    try {
      await whenSaved();
      setStatus('Saved.');
    } catch (e) {
      setStatus('');
      setError(errorText(e));
    }
  };

  return (
    <Screen title="NFT images">
      <p className={styles.intro}>
        Images stored in the contract itself always show. Others live on IPFS or on web servers, which learn your
        address when asked: Cairn loads them only from where you allow.
      </p>
      <form className={ui.section} onSubmit={submit} noValidate>
        <TextField
          type="url"
          label="IPFS gateway"
          hint="Optional, such as your own node’s https://…/ipfs/."
          error={error}
          value={gateway}
          onChange={setGateway}
        />
        <label className={ui.checkbox}>
          <input type="checkbox" checked={allowWeb} onChange={(e) => setAllowWeb(e.target.checked)} />
          <span>Load NFT images from the web addresses their details name</span>
        </label>
        <div className={ui.actions}>
          <button type="submit">Save NFT image settings</button>
          <span role="status">{status}</span>
        </div>
      </form>
    </Screen>
  );
}
