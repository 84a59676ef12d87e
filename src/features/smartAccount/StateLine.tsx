import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { SmartAccountState } from '@/core/smartAccount/accountState';
import { stateMessage } from './stateWords';

/**
 * The account's smart-account state in a sentence. A delegation to any other contract than
 * Cairn's delegate is a danger, announced as one: that contract can act for the account.
 */
export function StateLine({ state, className }: { state: SmartAccountState; className?: string | undefined }) {
  if (state.kind === 'foreign')
    return (
      <p role="alert" className={ui.noticeDanger}>
        <T message={stateMessage(state)} />
      </p>
    );
  return (
    <p className={className}>
      <T message={stateMessage(state)} />
    </p>
  );
}
