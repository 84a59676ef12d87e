import { type Message, msg } from '@/core/i18n/message';
import type { RecoveryProgress } from '@/core/keys/slip39/recovery';

/**
 * How far the shares entered are from restoring the wallet, in sentences: one for a set of one
 * group ("2 shares of 3 entered: one more is needed"); for several groups, the groups still
 * needed, then one line per group.
 */
export function sharesProgressText(progress: RecoveryProgress | undefined): { summary: Message; groups: Message[] } {
  if (!progress) return { summary: msg('shares:progress.none'), groups: [] };
  if (progress.complete) return { summary: msg('shares:progress.enough'), groups: [] };
  if (progress.groupCount === 1) {
    const [group] = progress.groups;
    const entered = group?.entered ?? 0;
    const threshold = group?.threshold ?? 1;
    return {
      summary: msg('shares:progress.single', { entered, threshold, missing: threshold - entered }),
      groups: [],
    };
  }
  return {
    summary: msg('shares:progress.groups', {
      complete: progress.groupsComplete,
      threshold: progress.groupThreshold,
      missing: progress.groupsMissing,
    }),
    groups: progress.groups.map(({ groupIndex, entered, threshold, missing }) => {
      const group = groupIndex + 1;
      if (threshold === undefined || missing === undefined) return msg('shares:progress.groupNone', { group });
      if (missing === 0) return msg('shares:progress.groupComplete', { group });
      return msg('shares:progress.groupPartial', { group, entered, threshold, missing });
    }),
  };
}
