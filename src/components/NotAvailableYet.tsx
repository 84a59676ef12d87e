import styles from './NotAvailableYet.module.css';
import { Screen } from './Screen';

/** An honest placeholder for a screen that is not built yet. It shows nothing that looks real. */
export function NotAvailableYet({
  title,
  purpose,
  plannedIn,
}: {
  title: string;
  purpose: string;
  plannedIn?: number | undefined;
}) {
  return (
    <Screen title={title}>
      <div className={styles.box}>
        <p className={styles.lead}>
          <strong>Not available yet.</strong> This screen has not been built.
        </p>
        <p>It will offer: {purpose}</p>
        {plannedIn !== undefined && <p className={styles.muted}>Planned in issue {plannedIn}.</p>}
      </div>
    </Screen>
  );
}
