import { Link, useSearchParams } from 'react-router';
import { Screen } from '@/components/Screen';
import { BroadcastTool } from './BroadcastTool';
import { OfflineTool } from './OfflineTool';
import { SignMessageTool } from './SignMessageTool';
import { SignTypedDataTool } from './SignTypedDataTool';
import styles from './sign.module.css';
import { VerifyTool } from './VerifyTool';

const TOOLS = [
  { id: 'message', label: 'Message', Tool: SignMessageTool },
  { id: 'typed', label: 'Typed data', Tool: SignTypedDataTool },
  { id: 'verify', label: 'Verify', Tool: VerifyTool },
  { id: 'offline', label: 'Offline transaction', Tool: OfflineTool },
  { id: 'broadcast', label: 'Broadcast', Tool: BroadcastTool },
] as const;

/** Signing tools, one at a time; the chosen one is in the URL (`?tool=`) so it can be linked and reloaded. */
export function SignScreen() {
  const [params] = useSearchParams();
  const current = TOOLS.find((t) => t.id === params.get('tool')) ?? TOOLS[0];
  const { Tool } = current;
  return (
    <Screen title="Sign">
      <nav className={styles.tools} aria-label="Signing tools">
        <ul>
          {TOOLS.map((tool) => (
            <li key={tool.id}>
              <Link to={`?tool=${tool.id}`} aria-current={tool.id === current.id ? 'page' : undefined}>
                {tool.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Tool key={current.id} />
    </Screen>
  );
}
