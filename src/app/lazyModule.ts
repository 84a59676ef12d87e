/**
 * A module loaded on demand (its own chunk), and loaded once. `loaded()` gives it synchronously
 * once there, so what renders from it need not suspend: React 19 holds a suspense fallback for up
 * to 300 ms even when the code arrives sooner. A load that failed is tried again when next asked.
 */
export function lazyModule<M>(importer: () => Promise<M>): { load(): Promise<M>; loaded(): M | undefined } {
  let loading: Promise<M> | undefined;
  let module: M | undefined;
  return {
    load() {
      loading ??= importer().then(
        (m) => {
          module = m;
          return m;
        },
        (error: unknown) => {
          // Asked again later (the next screen, a retry), it is loaded again.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => module,
  };
}
