import { type RefObject, useEffect, useRef, useState } from 'react';
import { CONTENT_OBSERVED, changesWhatIsShown, watchApproveDelay } from './approveDelay';

/**
 * Whether approve may act: false for about a second after the window appears, regains focus or
 * becomes visible, after any change inside `content` (the request as shown; parts marked
 * `data-volatile`, such as a gas figure that follows each block, and rewrites that change nothing
 * excepted: see changesWhatIsShown), while pointer or key
 * input goes on during the delay, and after the first click since the window gained focus, which
 * is swallowed (`swallowed` then says so until the next request). A new `resetKey` (another
 * request, another network) starts it again at once, in the same render. `allows()` asks at the
 * moment of a click, so a click that lands between a change and the render that disables the
 * button does nothing. A site cannot pop Cairn's window under the pointer of someone clicking on
 * its own page, nor change what is shown under it, and have that click approve. See approveDelay.ts.
 */
export function useApproveDelay(
  resetKey: string,
  content: RefObject<HTMLElement | null>,
): { ready: boolean; allows(): boolean; swallowed: boolean } {
  const [readyFor, setReadyFor] = useState<string>();
  const [swallowedFor, setSwallowedFor] = useState<string>();
  const readyNow = useRef<string>(undefined);
  useEffect(() => {
    const delay = watchApproveDelay(
      { window, document },
      (ready) => {
        readyNow.current = ready ? resetKey : undefined;
        setReadyFor(readyNow.current);
      },
      undefined,
      () => setSwallowedFor(resetKey),
    );
    const observer = new MutationObserver((records) => {
      if (changesWhatIsShown(records)) delay.restart();
    });
    if (content.current) observer.observe(content.current, CONTENT_OBSERVED);
    return () => {
      observer.disconnect();
      delay.stop();
    };
  }, [resetKey, content]);
  const ready = readyFor === resetKey;
  return { ready, allows: () => ready && readyNow.current === resetKey, swallowed: swallowedFor === resetKey };
}
