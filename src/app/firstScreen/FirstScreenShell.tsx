import type { ShellScreen } from '@/core/build/firstScreenScript';
import { Welcome } from '@/features/onboarding/Onboarding';
import { UnlockForm } from '@/features/unlock/UnlockScreen';
import { useT } from '@/lib/i18n';
import { ShellFrame } from '../Shell';
import styles from '../Shell.module.css';

const nothing = () => undefined;

/**
 * A first screen as the app renders it before anything is typed or stored is known: the same
 * components with no state, so the pre-rendered shell (see renderShells.tsx) and the screen that
 * replaces it look the same. What depends on storage (the network, its notice, the demo wallet)
 * comes with the app.
 */
export function FirstScreenShell({ screen }: { screen: ShellScreen }) {
  const t = useT();
  return (
    <>
      <button type="button" className={styles.skipLink}>
        {t('common:shell.skipToContent')}
      </button>
      <ShellFrame>
        {screen === 'unlock' ? (
          <UnlockForm
            password=""
            onPassword={nothing}
            error={undefined}
            busy={false}
            wait={0}
            lockedBy={undefined}
            forgot={false}
            onForgot={nothing}
            onSubmit={nothing}
          />
        ) : (
          <Welcome mode="first-run" offerDemo={false} onChoose={nothing} />
        )}
      </ShellFrame>
    </>
  );
}
