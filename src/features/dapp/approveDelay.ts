/** How long approve buttons stay disabled after the window shows, regains focus, or its content changes. */
export const APPROVE_DELAY_MS = 1_000;

/** Input that, while the delay runs, starts it again: someone clicking or typing fast is not deciding. */
export const RESTARTING_INPUT = ['pointerdown', 'pointerup', 'pointermove', 'keydown', 'keyup', 'wheel'] as const;

/** What the delay listens to: the approval window and its document. */
export type DelayTarget = {
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & {
    readonly visibilityState: DocumentVisibilityState;
    hasFocus(): boolean;
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
 * pointer or key input while it runs, on restart(), and when the window's first click after it
 * gained focus is swallowed (see followFirstClick): a double click's second click decides nothing
 * either. `onSwallowed` hears of each swallowed click, for the person to be told.
 */
export function watchApproveDelay(
  target: DelayTarget,
  onReady: (ready: boolean) => void,
  ms: number = APPROVE_DELAY_MS,
  onSwallowed: () => void = () => undefined,
): ApproveDelay {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ready = false;
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
  const onVisibility = () => {
    if (target.document.visibilityState === 'visible') restart();
  };
  const { window: win, document: doc } = target;
  onReady(false);
  restart();
  const release = followFirstClick(target).hold(() => {
    restart();
    onSwallowed();
  });
  win.addEventListener('focus', restart);
  for (const type of RESTARTING_INPUT) win.addEventListener(type, onInput, true);
  doc.addEventListener('visibilitychange', onVisibility);
  return {
    restart,
    stop() {
      clearTimeout(timer);
      release();
      win.removeEventListener('focus', restart);
      for (const type of RESTARTING_INPUT) win.removeEventListener(type, onInput, true);
      doc.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

/** Per window: swallows the first click after it gains focus while something holds it. */
export type FirstClickGuard = {
  /** Swallows that click from now on, telling `onSwallowed`; returns what lets go. */
  hold(onSwallowed: () => void): () => void;
};

const guards = new WeakMap<object, FirstClickGuard>();

/**
 * The first click after the window regains focus, on anything, is swallowed before any button
 * sees it, while an approval holds the guard: the click that brought a window from behind the
 * site's (a site can raise its own page over Cairn's and ask for a click where Approve is) decides
 * nothing. Only a focus that follows a blur arms it, and a window that has no focus when the guard
 * starts counts as blurred: a window that had focus from the start is not armed by the focus event
 * a browser may still send it as it appears (a click then can only be one a site timed to the
 * window's opening, which the approve delay already holds back, and a second click on every new
 * window would teach people to double-click), while one that opened behind the site's page is
 * armed by the focus that brings it forward. One guard per window, followed from the window's
 * start (dappMain): a click on what comes before an approval (the unlock screen) counts as the
 * first and is let through.
 */
export function followFirstClick(target: DelayTarget): FirstClickGuard {
  const known = guards.get(target.window);
  if (known) return known;
  let armed = false;
  let blurred = !target.document.hasFocus();
  const holders = new Set<() => void>();
  target.window.addEventListener('blur', () => {
    blurred = true;
  });
  target.window.addEventListener('focus', () => {
    if (blurred) armed = true;
    blurred = false;
  });
  target.window.addEventListener(
    'click',
    (event) => {
      if (!armed) return;
      armed = false;
      if (holders.size === 0) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      for (const onSwallowed of [...holders]) onSwallowed();
    },
    true,
  );
  const guard: FirstClickGuard = {
    hold(onSwallowed) {
      holders.add(onSwallowed);
      return () => holders.delete(onSwallowed);
    },
  };
  guards.set(target.window, guard);
  return guard;
}

/** A shown part marked as changing by itself (a gas figure, a status), whose changes decide nothing. */
const VOLATILE = '[data-volatile]';

function insideVolatile(node: Node): boolean {
  const element = node.nodeType === 1 ? (node as Element) : node.parentElement;
  return element?.closest(VOLATILE) != null;
}

/**
 * Whether a change of what an approval shows is only of a part marked `data-volatile`: inside one,
 * or one such part appearing or going.
 */
function isVolatileChange(record: MutationRecord): boolean {
  if (insideVolatile(record.target)) return true;
  if (record.type !== 'childList') return false;
  const nodes = [...record.addedNodes, ...record.removedNodes];
  return nodes.length > 0 && nodes.every((n) => n.nodeType === 1 && (n as Element).matches(VOLATILE));
}

/** What the observer of an approval's content must ask for: old values, to tell a change from a rewrite. */
export const CONTENT_OBSERVED: MutationObserverInit = {
  subtree: true,
  childList: true,
  characterData: true,
  characterDataOldValue: true,
  attributes: true,
  attributeOldValue: true,
};

/**
 * Whether one batch of records (observed as CONTENT_OBSERVED says) changed what an approval shows:
 * nodes added or removed, or a text or attribute that ends the batch other than it began (React
 * writes a controlled checkbox's `type` and `name` again at every render, changing nothing). Parts
 * marked `data-volatile` are left out. Any such change (the request, its network, the effects, a
 * warning) restarts the approve delay.
 */
export function changesWhatIsShown(records: readonly MutationRecord[]): boolean {
  // The value each text or attribute had before the batch: its first record's old value.
  const before = new Map<Node, Map<string | null, string | null>>();
  for (const record of records) {
    if (isVolatileChange(record)) continue;
    if (record.type === 'childList') return true;
    const values = before.get(record.target) ?? new Map<string | null, string | null>();
    before.set(record.target, values);
    if (!values.has(record.attributeName)) values.set(record.attributeName, record.oldValue);
  }
  for (const [node, values] of before) {
    for (const [attribute, old] of values) {
      const now = attribute === null ? node.nodeValue : (node as Element).getAttribute(attribute);
      if (now !== old) return true;
    }
  }
  return false;
}
