/** How long approve buttons stay disabled after the window shows, regains focus, or its content changes. */
export const APPROVE_DELAY_MS = 1_000;

/** Input that, while the delay runs, starts it again: someone clicking or typing fast is not deciding. */
export const RESTARTING_INPUT = ['pointerdown', 'pointerup', 'pointermove', 'keydown', 'keyup', 'wheel'] as const;

/** What the delay listens to: the approval window and its document. */
export type DelayTarget = {
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & {
    readonly visibilityState: DocumentVisibilityState;
  };
};

export type ApproveDelay = {
  /** Starts the delay again (the content or the network changed). */
  restart(): void;
  /** Removes every listener and the timer. */
  stop(): void;
};

/**
 * The approve delay, outside React: `onReady(false)` at once, `onReady(true)` once `ms` pass with
 * nothing to restart it. It restarts when the window regains focus or becomes visible, on any
 * pointer or key input while it runs, and on restart(). The first click after the window gains
 * focus is swallowed before it reaches any button: the click that brought the window forward (a
 * site can pop it up under a pointer that is clicking on its own page) decides nothing.
 */
export function watchApproveDelay(
  target: DelayTarget,
  onReady: (ready: boolean) => void,
  ms: number = APPROVE_DELAY_MS,
): ApproveDelay {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ready = false;
  let swallowClick = false;
  const restart = () => {
    clearTimeout(timer);
    if (ready) {
      ready = false;
      onReady(false);
    }
    timer = setTimeout(() => {
      ready = true;
      onReady(true);
    }, ms);
  };
  const onInput = () => {
    if (!ready) restart();
  };
  const onFocus = () => {
    swallowClick = true;
    restart();
  };
  const onVisibility = () => {
    if (target.document.visibilityState === 'visible') restart();
  };
  const onClick = (event: Event) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const { window: win, document: doc } = target;
  onReady(false);
  restart();
  win.addEventListener('focus', onFocus);
  win.addEventListener('click', onClick, true);
  for (const type of RESTARTING_INPUT) win.addEventListener(type, onInput, true);
  doc.addEventListener('visibilitychange', onVisibility);
  return {
    restart,
    stop() {
      clearTimeout(timer);
      win.removeEventListener('focus', onFocus);
      win.removeEventListener('click', onClick, true);
      for (const type of RESTARTING_INPUT) win.removeEventListener(type, onInput, true);
      doc.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
