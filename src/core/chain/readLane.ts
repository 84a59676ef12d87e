/**
 * The turns of large reads on one client. Calls made together on a client share one JSON-RPC batch
 * and so one HTTP answer, which the client caps (viem: 10 MB): a read's answer can be too large
 * because of what other readers asked beside it (two accounts' first syncs, or an account's logs
 * and its block scan). Halving its own share then fails at one call while the others are still
 * big. So a reader whose answer was too large asks again alone: its turn waits for the reads in
 * flight to end and holds new ones back until it is done, so only its own answer counts.
 */
export type ReadLane = <T>(read: () => Promise<T>, alone: boolean) => Promise<T>;

/** A lane: reads run together until one asks to run alone; turns alone run one at a time, in order. */
export function readLane(): ReadLane {
  let together = 0;
  let aloneRunning = false;
  const aloneWaiting: (() => void)[] = [];
  let togetherWaiting: (() => void)[] = [];

  const pump = () => {
    if (aloneRunning) return;
    if (aloneWaiting.length > 0) {
      if (together > 0) return;
      aloneRunning = true;
      aloneWaiting.shift()?.();
      return;
    }
    const released = togetherWaiting;
    togetherWaiting = [];
    together += released.length;
    for (const start of released) start();
  };

  return async (read, alone) => {
    await new Promise<void>((start) => {
      if (alone) aloneWaiting.push(start);
      else if (aloneRunning || aloneWaiting.length > 0) togetherWaiting.push(start);
      else {
        together++;
        start();
        return;
      }
      pump();
    });
    try {
      return await read();
    } finally {
      if (alone) aloneRunning = false;
      else together--;
      pump();
    }
  };
}

const lanes = new WeakMap<object, ReadLane>();

/** The one lane of a client, shared by every history and approvals read made through it. */
export function readLaneOf(client: object): ReadLane {
  let lane = lanes.get(client);
  if (!lane) {
    lane = readLane();
    lanes.set(client, lane);
  }
  return lane;
}
