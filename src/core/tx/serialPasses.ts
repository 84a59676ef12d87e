/**
 * Runs passes one at a time. A pass asked for while one runs is not dropped: one more pass runs
 * when it ends (however many were asked for meanwhile), so the last request is always served.
 * A pass that throws ends like any other; the next request runs again.
 */
export function serialPasses(pass: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    running = true;
    again = false;
    // Through a promise, so that a pass that throws before it returns one ends like the others.
    Promise.resolve()
      .then(pass)
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) run();
      });
  };
  return () => {
    if (running) again = true;
    else run();
  };
}
