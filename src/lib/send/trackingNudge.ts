// A broadcast can finish after the block that mined it was seen, and the tracking pass at that
// block may have lost its write to the broadcast's. On a chain that mines only when sent a
// transaction, that block may be the last for a long time: a submission, once it has ended (its
// broadcast tried, any replaced record marked), asks for a pass of its own.
const listeners = new Set<() => void>();

/** Asks the transaction tracker for a pass now, not at the next block. */
export function nudgeTracking(): void {
  for (const listener of listeners) listener();
}

export function onTrackingNudge(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
