import { NetworkProblem } from '@/features/network/NetworkProblem';
import { NetworkDot, NetworkStatus } from '@/features/network/NetworkStatus';
import { QueryScope } from '@/lib/queries/queryClient';
import { useTransactionTracker } from './useTransactionTracker';

/** The selected network's live status, for the header. */
export function ChainStatus() {
  return (
    <QueryScope>
      <NetworkStatus />
    </QueryScope>
  );
}

/** The status dot of the header's network chip. */
export function ChainDot() {
  return (
    <QueryScope>
      <NetworkDot />
    </QueryScope>
  );
}

/** What is wrong with the selected network's node, above every screen, when something is. */
export function ChainProblem() {
  return (
    <QueryScope>
      <NetworkProblem />
    </QueryScope>
  );
}

function Tracker() {
  useTransactionTracker();
  return null;
}

/** Follows this window's sent transactions at each new block, locked or not (it needs no key). */
export function ChainTracker() {
  return (
    <QueryScope>
      <Tracker />
    </QueryScope>
  );
}
