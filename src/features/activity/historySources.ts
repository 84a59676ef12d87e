import type { NativeSource } from '@/core/activity/activityStore';
import { type Message, msg } from '@/core/i18n/message';

/** What an account's history on a network is built from, for the empty history. */
export function historySources(native: NativeSource): Message {
  switch (native) {
    case 'scan':
      return msg('activity:sources.scan');
    case 'explorer':
      return msg('activity:sources.explorer');
    case 'none':
      return msg('activity:sources.none');
  }
}
