import type { VerifyError } from '../errors/verify';
import { type AlarmNetwork, alarmOf, changeAlarm, type VerificationAlarm } from './alarm';
import {
  type AlarmAssets,
  acknowledgedAlarm,
  alarmUnderMode,
  balanceCheckAlarm,
  type CheckedCallRef,
  callCheckAlarm,
  type NotedCheck,
} from './alarmRules';
import { createMismatchBook, type MismatchBook } from './askedAgain';
import type { BalanceCheck } from './figureChecks';
import type { HeadLedger } from './headClaims';
import type { BeaconSettings, HeaderTrustOf } from './headerTrustChoice';
import { keptLayoutBook, type LayoutBook, type LayoutStore, memoryLayoutBook } from './layoutBook';
import {
  type NetworkVerification,
  type TrustChoice,
  type VerificationSettings,
  type VerifyMode,
  verificationOf,
} from './verificationSetting';

/** A network as the verifier meets it: its id names its alarm, the rest what its checks asked. */
type CheckedNetwork = AlarmNetwork & { chainId: number; rpcUrls: readonly string[] };
type SettledNetwork = Parameters<typeof verificationOf>[1];

/** What the last check on a network cost, for Settings: its requests and time, and the plain read's time. */
export type CheckCost = { requests: number; ms: number; readMs: number | undefined };

/** Where the verifier reads each network's verification choice (the session store has this shape). */
export type VerificationSource<S extends { networks: readonly SettledNetwork[]; verification: VerificationSettings }> =
  {
    getState(): S;
    subscribe(listener: (state: S, previous: S) => void): () => void;
  };

/**
 * A window's verification runtime: built once at start (app/startWallet.ts) beside the transaction
 * service, handed to the checks (lib/queries) and the screens through context. Every balance and
 * call check raises or ends the network's alarm through it, whether or not a screen shows it; the
 * one gate (sendingGate.ts) reads the same alarms.
 */
export type Verifier = {
  /** The balance layouts learnt, once those kept between visits are loaded. */
  layouts(): Promise<LayoutBook>;
  /** The header trust a network's stored choice means now (a light client's newest signed header). */
  headerTrust: HeaderTrustOf;
  /** What the node said at its head, held from one balance check to the next, per network and trust (headClaims.ts). */
  headLedger(network: CheckedNetwork, trust: TrustChoice): HeadLedger;
  keepHeadLedger(network: CheckedNetwork, trust: TrustChoice, ledger: HeadLedger): void;
  /** Reviews' calls and swaps' quotes met with a proof that missed its root, asked again after the next block. */
  readonly callMismatches: MismatchBook;
  /** A finished balance check, in the network's alarm (alarmRules.ts: balanceCheckAlarm). */
  noteBalanceCheck(network: CheckedNetwork, check: BalanceCheck, assets: AlarmAssets): void;
  /** A finished call or quote check, in the network's alarm (alarmRules.ts: callCheckAlarm). */
  noteCallCheck(network: CheckedNetwork, call: CheckedCallRef, outcome: NotedCheck | VerifyError): void;
  /** The person read the alarm and chose to send anyway, on this network, while it lasts. */
  acknowledge(network: AlarmNetwork): void;
  /** No alarm stands on the network (its checks are off). */
  clear(network: AlarmNetwork): void;
  /** The network's alarm now, if its node was caught lying. */
  alarm(network: AlarmNetwork): VerificationAlarm | undefined;
  /**
   * Follows each network's choice in `source`: checks turned off end its alarm, previews no longer
   * checked end its calls' lies, and a check ending after that raises none. Returns the stop.
   */
  followSettings<S extends { networks: readonly SettledNetwork[]; verification: VerificationSettings }>(
    source: VerificationSource<S>,
  ): () => void;
  /** How long a plain balances read took (the portfolio's query). */
  noteBalancesRead(network: CheckedNetwork, ms: number): void;
  /** What a check of the balances cost, beside the last plain read. */
  noteCheckCost(network: CheckedNetwork, requests: number, ms: number): void;
  /** What the last check on the network cost in this window, if one ran. */
  lastCheckCost(network: CheckedNetwork): CheckCost | undefined;
};

export type VerifierParts = {
  /** Where learnt balance layouts are kept between visits (IndexedDB); none: in memory (tests, a page without storage). */
  layouts?: LayoutStore;
  /** How light clients reach the person's beacon API (beaconApi's options). */
  beacons?: BeaconSettings;
};

/** The node a figure was read through: the network and its RPC URLs (a changed URL is another node). */
const nodeOf = (network: CheckedNetwork) => `${network.id}|${network.chainId}|${network.rpcUrls.join(' ')}`;

export function createVerifier({ layouts, beacons }: VerifierParts = {}): Verifier {
  let book: Promise<LayoutBook> | undefined;
  const ledgers = new Map<string, HeadLedger>();
  const costs = new Map<string, CheckCost>();
  const readTimes = new Map<string, number>();
  const heldKey = (network: CheckedNetwork, trust: TrustChoice) => `${nodeOf(network)}|${JSON.stringify(trust)}`;
  // Each followed network's mode: a check that ends after its checks were turned off (or previews
  // no longer checked) raises nothing its mode would have ended.
  const modes = new Map<string, VerifyMode>();
  const settle = (network: SettledNetwork, verification: NetworkVerification) => {
    modes.set(network.id, verification.mode);
    changeAlarm(network, (before) => alarmUnderMode(before, verification.mode));
  };
  const underMode = (network: AlarmNetwork, alarm: VerificationAlarm | undefined) => {
    const mode = modes.get(network.id);
    return mode === undefined ? alarm : alarmUnderMode(alarm, mode);
  };
  // The header trust's code (sources, the chain client) loads with the first check, not at start.
  let trusts: Promise<HeaderTrustOf> | undefined;
  return {
    layouts() {
      book ??= (async () => {
        if (!layouts) return memoryLayoutBook();
        const kept = keptLayoutBook(layouts);
        await kept.ready;
        return kept;
      })();
      return book;
    },
    async headerTrust(network, verification) {
      trusts ??= import('./headerTrustChoice').then((m) => m.headerTrustChoice(beacons));
      return (await trusts)(network, verification);
    },
    headLedger: (network, trust) => ledgers.get(heldKey(network, trust)) ?? { claims: [] },
    keepHeadLedger(network, trust, ledger) {
      ledgers.set(heldKey(network, trust), ledger);
    },
    callMismatches: createMismatchBook(),
    noteBalanceCheck(network, check, assets) {
      changeAlarm(network, (before) => underMode(network, balanceCheckAlarm(before, network, check, assets)));
    },
    noteCallCheck(network, call, outcome) {
      changeAlarm(network, (before) => underMode(network, callCheckAlarm(before, network, call, outcome)));
    },
    acknowledge(network) {
      changeAlarm(network, acknowledgedAlarm);
    },
    clear(network) {
      changeAlarm(network, () => undefined);
    },
    alarm: alarmOf,
    followSettings(source) {
      const settleAll = (state: ReturnType<typeof source.getState>) => {
        for (const network of state.networks) settle(network, verificationOf(state.verification, network));
      };
      settleAll(source.getState());
      const unsubscribe = source.subscribe((state, previous) => {
        if (state.verification !== previous.verification || state.networks !== previous.networks) settleAll(state);
      });
      return () => {
        unsubscribe();
        modes.clear();
      };
    },
    noteBalancesRead(network, ms) {
      readTimes.set(nodeOf(network), ms);
    },
    noteCheckCost(network, requests, ms) {
      const node = nodeOf(network);
      costs.set(node, { requests, ms, readMs: readTimes.get(node) });
    },
    lastCheckCost: (network) => costs.get(nodeOf(network)),
  };
}
