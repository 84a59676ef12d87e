import { CodeText } from './CodeText';
import styles from './RpcUrlList.module.css';

/** A network's RPC URLs as written, one per line; long URLs wrap anywhere rather than overflow. */
export function RpcUrlList({ urls }: { urls: readonly string[] }) {
  return (
    <ul className={styles.urls}>
      {urls.map((url) => (
        <li key={url}>
          <CodeText>{url}</CodeText>
        </li>
      ))}
    </ul>
  );
}
