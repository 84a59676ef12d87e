import { Link, useSearchParams } from 'react-router';
import { Screen } from '@/components/Screen';
import { useT } from '@/lib/i18n';
import { BroadcastTool } from './BroadcastTool';
import { OfflineTool } from './OfflineTool';
import { SignMessageTool } from './SignMessageTool';
import { SignTypedDataTool } from './SignTypedDataTool';
import styles from './sign.module.css';
import { VerifyTool } from './VerifyTool';

const TOOLS = [
  { id: 'message', label: 'sign:tools.message', Tool: SignMessageTool },
  { id: 'typed', label: 'sign:tools.typed', Tool: SignTypedDataTool },
  { id: 'verify', label: 'sign:tools.verify', Tool: VerifyTool },
  { id: 'offline', label: 'sign:tools.offline', Tool: OfflineTool },
  { id: 'broadcast', label: 'sign:tools.broadcast', Tool: BroadcastTool },
] as const;

/** Signing tools, one at a time; the chosen one is in the URL (`?tool=`) so it can be linked and reloaded. */
export function SignScreen() {
  const t = useT('sign');
  const [params] = useSearchParams();
  const current = TOOLS.find((tool) => tool.id === params.get('tool')) ?? TOOLS[0];
  const { Tool } = current;
  return (
    <Screen title={t('sign:title')}>
      <nav className={styles.tools} aria-label={t('sign:tools.label')}>
        <ul>
          {TOOLS.map((tool) => (
            <li key={tool.id}>
              <Link to={`?tool=${tool.id}`} aria-current={tool.id === current.id ? 'page' : undefined}>
                {t(tool.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Tool key={current.id} />
    </Screen>
  );
}
