import { type ReactNode, Suspense } from 'react';
import { HashRouter, Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { ScreenSkeleton } from '@/components/Skeleton';
import { AccountMenu } from '@/features/accounts/AccountMenu';
import { DeviceSigningHost } from '@/features/deviceSigning/DeviceSigningHost';
import { ExplorerSearch } from '@/features/explorer/ExplorerSearch';
import { BackupReminder } from '@/features/settings/BackupReminder';
import { useT } from '@/lib/i18n';
import { QueryScope } from '@/lib/queries/queryClient';
import { ActivityProvider, useActivityStore } from '@/lib/stores/activity';
import { useApprovalStore } from '@/lib/stores/approvalStore';
import { useSessionStore } from '@/lib/stores/session';
import { ActivitySync } from './ActivitySync';
import { HeaderSearch } from './HeaderSearch';
import { MainNav } from './MainNav';
import { NotFound } from './NotFound';
import { PasskeyRegistrations } from './PasskeyRegistrations';
import { movedPaths, screen, screens } from './paths';
import { preloadScreen, RouteScreen } from './routes/screenModules';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { Shell } from './Shell';
import { windowHistorySync } from './windowHistorySync';

/**
 * The wallet once unlocked: routes, navigation, the account in the header, background sync. One
 * chunk of its own, fetched soon after the first screen (or before it, in a window opened
 * unlocked), so set-up and unlock carry none of its code. Hash routing keeps every screen
 * reachable from any static host, under any sub-path, with no server rewrite rules; declarative
 * routes, since Cairn uses no loaders or actions and the data router is 16 KB gzip more.
 */
export function UnlockedApp() {
  return (
    <WithHistorySync>
      <QueryScope>
        <HashRouter>
          <UnlockedShell />
        </HashRouter>
        <DeviceSigningHost />
      </QueryScope>
    </WithHistorySync>
  );
}

/** Hands the screens this window's history sync: its code comes with this chunk, not at start. */
function WithHistorySync({ children }: { children: ReactNode }) {
  const activity = useActivityStore();
  const sync = windowHistorySync({ activity, approvals: useApprovalStore() }, useSessionStore());
  return (
    <ActivityProvider store={activity} sync={sync}>
      {children}
    </ActivityProvider>
  );
}

/** Loads the code of the screen at this path, if it is one. */
export async function preloadScreenAt(pathname: string): Promise<void> {
  const entry = screens.find((s) => s.path === pathname);
  if (entry) await preloadScreen(entry.id);
}

function UnlockedShell() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <>
      <ActivitySync />
      <PasskeyRegistrations />
      <Shell
        header={
          <>
            <HeaderSearch>
              <ExplorerSearch />
            </HeaderSearch>
            <AccountMenu managePath={screen('accounts').path} addPath={screen('addWallet').path} />
          </>
        }
        networkFooter={(close) => (
          <Link to={screen('settingsNetworks').path} onClick={close}>
            {t('common:header.manageNetworks')}
          </Link>
        )}
        nav={<MainNav />}
        notices={
          <BackupReminder accountsPath={screen('accounts').path} recoveryPath={screen('settingsRecovery').path} />
        }
      >
        <ScreenErrorBoundary resetKey={pathname}>
          <Suspense fallback={<ScreenSkeleton />}>
            <Routes>
              {screens.map((entry) => (
                <Route key={entry.id} path={entry.path} element={<RouteScreen entry={entry} />} />
              ))}
              {movedPaths.map((moved) => (
                <Route key={moved.from} path={moved.from} element={<Navigate to={screen(moved.to).path} replace />} />
              ))}
              <Route path="*" element={<NotFound />} />
            </Routes>
          </Suspense>
        </ScreenErrorBoundary>
      </Shell>
    </>
  );
}
