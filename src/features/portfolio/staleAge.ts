import { type Message, msg } from '@/core/i18n/message';

/** How long ago a unix time was, in words: "42 s ago", "5 min ago", "3 h ago". */
export function staleAge(seconds: number): Message {
  const elapsed = Math.max(0, Math.round(Date.now() / 1000 - seconds));
  if (elapsed < 90) return msg('portfolio:summary.age.seconds', { n: elapsed });
  if (elapsed < 5400) return msg('portfolio:summary.age.minutes', { n: Math.round(elapsed / 60) });
  return msg('portfolio:summary.age.hours', { n: Math.round(elapsed / 3600) });
}
