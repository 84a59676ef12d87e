import { createStore, type StoreApi } from 'zustand/vanilla';
import { RequestLeft } from '../errors/dapp';
import { mayHaveBeenSent } from '../errors/wallet';
import { arrivalRefusal, ungrantedRefusal } from './arrivalRefusals';
import { AtomicCapabilities, type AtomicGrant } from './atomicGrant';
import { isPinned, methodEntry, type WindowView } from './methodTable';
import { type MiscasedAddress, type PersonRequest, personRequestOf } from './personRequests';
import {
  type CallsStatus,
  type DappMetadata,
  type HexChainId,
  isHexChainId,
  isPortRequest,
  type PortMessage,
  type PortRequest,
  type SiteGrant,
} from './protocol';
import { type ProviderError, providerError } from './providerErrors';
import { RateLimit } from './rateLimit';
import { parseDappRequest } from './request';
import { mayHaveBeenSentError, siteChainChangedError } from './siteErrors';
import type { SitePermission } from './sites';

/** One request waiting for the person, in the order it came. */
export type PendingRequest = {
  id: number;
  request: PersonRequest;
  receivedAt: number;
  /**
   * The site's chain when the request came, for a request the method table pins to it: it is
   * shown, prepared and answered on that chain only, and refused if the site leaves it meanwhile.
   */
  chainId?: HexChainId;
  /** Addresses the site gave whose capital letters fail their checksum: the person is warned before approving. */
  miscased?: MiscasedAddress[];
};

export type ConnectionState = {
  pending: PendingRequest[];
  /** Requests refused because the site sent too many, this window. */
  refused: number;
  /**
   * What the window must still tell the person once the request is answered (a batch that stopped
   * part way): the window stays open for it until the person closes it or the site asks again.
   */
  notice: string | undefined;
};

/** What the connection needs from Cairn around it. */
export type ConnectionDeps = {
  /** The site's permission now (read anew for every request). */
  site(): SitePermission | undefined;
  /** What the connector should keep for the site now, once it is connected. */
  grant(): SiteGrant;
  /** Reads the grant's atomic part (atomicGrant.ts): without it, every account's is 'unsupported'. */
  atomic?(grant: SiteGrant): Promise<AtomicGrant>;
  /** Cairn is unlocked in this window: until then the site learns no account from it. */
  unlocked(): boolean;
  /** Drops the site's permission (wallet_revokePermissions). */
  revoke(): void;
  /** Makes `chainId` the site's network, when the site may already use it; false otherwise. */
  switchToApproved(chainId: number): boolean;
  /** Every request was answered. */
  onIdle(): void;
  now(): number;
};

type Port = { postMessage(message: PortMessage): void };

/** What a request is answered with. */
type Answer = { result: unknown } | { error: ProviderError };

/**
 * Cairn's end of one site's channel: checks each request, answers at once what needs nobody,
 * queues the rest for the person (one shown at a time), and sends each answer back once. A
 * request can be answered only once; answers for unknown ids are dropped.
 */
export class DappConnection {
  readonly store: StoreApi<ConnectionState> = createStore<ConnectionState>()(() => ({
    pending: [],
    refused: 0,
    notice: undefined,
  }));
  private readonly limit = new RateLimit();
  private lastGrant = '';
  /** The chain the site's connector last said it is on (every request names it). */
  private connectorChain: HexChainId | undefined;
  /** What a request is answered with if it must end before the person's work is done (see answerOnLeave). */
  private readonly leaveAnswers = new Map<number, Answer>();
  /** Requests whose transaction is being signed and sent (whileSending): nothing that happens to the site refuses them. */
  private readonly sending = new Set<number>();
  /** Requests whose send may have gone out though it failed: held, never answered "nothing was sent" (whileSending). */
  private readonly maybeSent = new Set<number>();
  /**
   * Batches this window told the site of (reportCalls), by id: wallet_getCallsStatus answers from
   * them, so a batch sent through an earlier window is unknown here (5730). The connector answers
   * for those; only a client talking to dapp.html itself sees the difference.
   */
  private readonly reported = new Map<unknown, CallsStatus>();
  readonly atomic: AtomicCapabilities;

  constructor(
    private readonly port: Port,
    readonly origin: string,
    readonly dapp: DappMetadata,
    private readonly deps: ConnectionDeps,
  ) {
    this.atomic = new AtomicCapabilities(deps.atomic, () => this.sendGrant());
  }

  /** Tells the connector what the site may do now (after connection, and after every change). */
  sendGrant(): void {
    const base = this.grantToSend();
    if (!base) return;
    const grant = this.atomic.add(base);
    const serial = JSON.stringify(grant);
    if (serial === this.lastGrant) return;
    this.lastGrant = serial;
    this.port.postMessage({ type: 'grant', grant });
  }

  /**
   * What the connector may learn now. A site not connected learns no network of Cairn's (the one
   * selected in Cairn is the person's business): only that it has no accounts, on the chain its
   * connector says it is on. While Cairn is locked, a grant with accounts waits for the unlock.
   */
  private grantToSend(): SiteGrant | undefined {
    if (!this.deps.site()) {
      const chainId = this.connectorChain ?? this.lastGrantChain();
      return chainId && { accounts: [], chainId, chains: {} };
    }
    const grant = this.deps.grant();
    return grant.accounts.length > 0 && !this.deps.unlocked() ? undefined : grant;
  }

  private lastGrantChain(): HexChainId | undefined {
    return this.lastGrant ? (JSON.parse(this.lastGrant) as SiteGrant).chainId : undefined;
  }

  /** The site's chain, as far as it may learn it: its network once connected, else the chain it named. */
  private siteChain(): HexChainId | undefined {
    return this.deps.site() ? this.deps.grant().chainId : this.connectorChain;
  }

  /**
   * Something about the site changed (its permission or network, in this window or another one,
   * or Cairn was unlocked): the connector is told, and every waiting request that can no longer
   * be served as it came is answered now.
   */
  siteChanged(): void {
    this.sendGrant();
    this.dropUngranted();
    this.dropMoved();
    this.answerConnected();
  }

  /**
   * A message from the site's port. A window opened for a request answered at once (a connected
   * site's eth_requestAccounts, a refusal) has nothing left to show: it is idle as after an answer.
   */
  receive(data: unknown): void {
    if (!isPortRequest(data)) return;
    this.take(data);
    if (this.store.getState().pending.length === 0) this.deps.onIdle();
  }

  private take(data: PortRequest): void {
    const { id } = data;
    if (this.store.getState().pending.some((p) => p.id === id)) {
      this.post(id, { error: providerError('invalidRequest', `A request with id ${id} is already waiting.`) });
      return;
    }
    if (!this.limit.allow(this.deps.now())) {
      this.store.setState((s) => ({ refused: s.refused + 1 }));
      this.post(id, { error: providerError('limitExceeded') });
      return;
    }
    let strandedOn: HexChainId | undefined;
    if (isHexChainId(data.chainId)) {
      this.connectorChain = data.chainId;
      // The site may have switched among its approved networks in the connector, which answers that
      // alone: the site moves with it, as wallet_switchEthereumChain would move it, and every request
      // waiting for the chain it left is refused (siteChanged), never carried over.
      const site = this.deps.site();
      if (site && data.chainId !== this.deps.grant().chainId) {
        if (this.deps.switchToApproved(Number.parseInt(data.chainId, 16))) this.siteChanged();
        else {
          // A chain Cairn will not move the site to: what acts on a chain is refused (arrivalRefusal),
          // and the connector is told the site's chain again, even if it was told before.
          strandedOn = data.chainId;
          this.lastGrant = '';
          this.sendGrant();
        }
      } else if (!site) {
        // A connector that still holds accounts of an earlier connection learns it has none.
        this.sendGrant();
        this.dropMoved();
      }
    }
    const parsed = parseDappRequest({ method: data.method, params: data.params });
    if (!parsed.ok) {
      this.post(id, { error: parsed.error });
      return;
    }
    const answer = this.answerAtOnce(parsed.request.method, parsed.request.params);
    if (answer) {
      this.post(id, answer);
      return;
    }
    const person = personRequestOf(parsed.request);
    if (!person.ok) {
      this.post(id, { error: person.error });
      return;
    }
    const siteChain = this.siteChain();
    const refusal = arrivalRefusal(person.request, {
      site: this.deps.site(),
      siteChain,
      strandedOn,
      waiting: this.store.getState().pending.map((p) => p.request),
    });
    if (refusal) {
      this.post(id, { error: refusal });
      return;
    }
    const waiting: PendingRequest = { id, request: person.request, receivedAt: this.deps.now() };
    // Pinned to the site's chain as it is now (for a site not connected, the one it named): a later
    // switch refuses the request (dropMoved).
    if (isPinned(person.request.method) && siteChain) waiting.chainId = siteChain;
    if (person.miscased.length > 0) waiting.miscased = person.miscased;
    this.store.setState((s) => ({ pending: [...s.pending, waiting], notice: undefined }));
  }

  resolve(id: number, result: unknown): void {
    this.finish(id, { result });
  }

  /** Refuses request `id` with `error`; one whose send may have gone out is answered so instead (see whileSending). */
  reject(id: number, error: ProviderError): void {
    if (this.maybeSent.has(id)) this.leave(id, error);
    else this.finish(id, { error });
  }

  /** Whether request `id` is held: being sent, or its send may have gone out. */
  private held(id: number): boolean {
    return this.sending.has(id) || this.maybeSent.has(id);
  }

  /**
   * Refuses, with 4100, every waiting request whose account the site may no longer use (the person
   * disconnected it or took that account away while the request waited): none can be approved after.
   */
  dropUngranted(): void {
    for (const { id, request } of this.store.getState().pending) {
      const refusal = ungrantedRefusal(request, this.deps.site());
      if (refusal && !this.held(id)) this.leave(id, refusal);
    }
  }

  /**
   * Refuses, with 4901, every waiting request pinned to a chain the site has left: a request is
   * never served on another chain than the one it came for.
   */
  private dropMoved(): void {
    // A site not connected is told only of chains it named itself, never of Cairn's.
    const now = this.siteChain();
    if (now === undefined) return;
    for (const { id, chainId } of this.store.getState().pending) {
      if (chainId === undefined || chainId === now || this.held(id)) continue;
      this.leave(id, siteChainChangedError(Number(now), Number(chainId)));
    }
  }

  /**
   * Signs and sends what the person confirmed for request `id` (`send`), holding the request while
   * it runs: a switch of chain or a lost account no longer refuses it, for the site would hear
   * "nothing was sent" while its transaction goes out, and ask again (the person paying twice).
   * Once sent, the request ends with `answer(sent)` whatever happens. A send that may have gone out
   * all the same (mayHaveBeenSent) keeps it held, and whatever ends it (decline, closing, the site
   * leaving) answers mayHaveBeenSentError. Otherwise, once `send` is over, what can no longer be
   * served as it came is refused. Throws RequestLeft, sending nothing, for a request not waiting.
   */
  async whileSending<T>(id: number, send: () => Promise<T>, answer: (sent: T) => unknown): Promise<T> {
    if (!this.store.getState().pending.some((p) => p.id === id)) throw new RequestLeft();
    this.sending.add(id);
    try {
      const sent = await send();
      this.answerOnLeave(id, answer(sent));
      return sent;
    } catch (error) {
      if (mayHaveBeenSent(error) && this.store.getState().pending.some((p) => p.id === id)) {
        this.maybeSent.add(id);
        // What was already sent (a batch's first calls) is still reported as sent.
        if (!this.leaveAnswers.has(id)) this.leaveAnswers.set(id, { error: mayHaveBeenSentError() });
      }
      throw error;
    } finally {
      this.sending.delete(id);
      this.dropUngranted();
      this.dropMoved();
    }
  }

  /** Answers, once Cairn is unlocked, an eth_requestAccounts that waited for the unlock from a connected site. */
  private answerConnected(): void {
    if (!this.deps.unlocked()) return;
    const { accounts } = this.deps.grant();
    if (accounts.length === 0 || !this.deps.site()) return;
    for (const { id, request } of this.store.getState().pending) {
      if (request.method === 'eth_requestAccounts') this.finish(id, { result: accounts });
    }
  }

  /**
   * From now on, ending request `id` early (the window closes, the site loses the account) answers
   * it with `result` instead of an error: work already done for it (a batch's first transactions
   * sent) is then reported to the site, not hidden behind a refusal.
   */
  answerOnLeave(id: number, result: unknown): void {
    if (this.store.getState().pending.some((p) => p.id === id)) this.leaveAnswers.set(id, { result });
  }

  /** Keeps `notice` before the person after the request it concerns is answered. */
  tell(notice: string): void {
    this.store.setState({ notice });
  }

  /** Reads the accounts' atomic capability again, and tells the site if it changed (after a batch that upgraded one). */
  refreshAtomic(): void {
    this.atomic.refresh();
    this.sendGrant();
  }

  /** Tells the site where one of its batches of calls stands (wallet_getCallsStatus answers from it). */
  reportCalls(calls: CallsStatus): void {
    this.reported.set(calls.id, calls);
    this.port.postMessage({ type: 'calls', calls });
  }

  /** Declines everything still waiting (the person closed the window or it cannot serve them). */
  rejectAll(error: ProviderError = providerError('userRejected')): void {
    for (const { id } of this.store.getState().pending) this.leave(id, error);
  }

  /** Ends a request early: with its answer on leave if it has one, else with `error`. */
  private leave(id: number, error: ProviderError): void {
    this.finish(id, this.leaveAnswers.get(id) ?? { error });
  }

  private finish(id: number, answer: Answer): void {
    const { pending } = this.store.getState();
    if (!pending.some((p) => p.id === id)) return;
    this.leaveAnswers.delete(id);
    this.maybeSent.delete(id);
    this.sendGrant();
    this.post(id, answer);
    const rest = pending.filter((p) => p.id !== id);
    this.store.setState({ pending: rest });
    if (rest.length === 0) this.deps.onIdle();
  }

  private post(id: number, answer: Answer): void {
    this.port.postMessage({ type: 'response', id, ...answer } as PortMessage);
  }

  /**
   * What the site may learn from this window now, for the method table's answers: what the
   * connector would be told (sendGrant), and while Cairn is locked no account.
   */
  private view(): WindowView {
    return {
      grant: () => {
        if (!this.deps.site()) return undefined;
        const grant = this.deps.grant();
        return this.deps.unlocked() ? this.atomic.add(grant) : { ...grant, accounts: [] };
      },
      chainId: () => this.siteChain(),
      origin: this.origin,
      calls: this.reported,
      moveTo: (chainId) => {
        if (!this.deps.switchToApproved(Number.parseInt(chainId, 16))) return false;
        this.siteChanged();
        return true;
      },
      revoke: () => {
        this.deps.revoke();
        this.siteChanged();
      },
    };
  }

  /** Requests answered at once from the method table, asking nobody, or undefined. */
  private answerAtOnce(method: string, params: unknown): Answer | undefined {
    const entry = methodEntry(method);
    const answer = entry?.answer?.(this.view(), Array.isArray(params) ? params : []);
    if (answer) return answer;
    const refusal = entry?.unanswered?.(method);
    return refusal && { error: refusal };
  }
}
