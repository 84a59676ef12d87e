// The atomic part of a site's grant (EIP-5792's atomic capability of each granted account on each
// granted chain): read by Cairn's window, kept with the grant it sends, and read again when the
// accounts or chains change, or when a batch may have changed an account (an upgrade).
import type { Address } from 'viem';
import type { AccountSource } from '../accounts/account';
import type { SmartAccountState } from '../smartAccount/accountState';
import { atomicStatus, batchPlan } from './atomicBatch';
import type { HexChainId, SiteGrant } from './protocol';

export type AtomicGrant = NonNullable<SiteGrant['atomic']>;

/** What the window reads to tell each granted account's atomic capability on each granted chain. */
export type AtomicReads = {
  /** The account's state on the chain; undefined where Cairn has no network for it. */
  state(chainId: number, account: Address): Promise<SmartAccountState | undefined>;
  runs7702(chainId: number): Promise<boolean>;
  /** The kind of the vault account's signer; undefined for an address not in the vault. */
  signer(account: Address): AccountSource['kind'] | undefined;
};

/**
 * The grant's `atomic`: each granted account's capability on each granted chain where it is not
 * 'unsupported'. A read that fails leaves that account 'unsupported' there; the chain's EIP-7702
 * support is read only where an account could be upgraded.
 */
export async function readAtomicGrant(
  grant: Pick<SiteGrant, 'accounts' | 'chains'>,
  reads: AtomicReads,
): Promise<AtomicGrant> {
  const result: AtomicGrant = {};
  const chains = Object.keys(grant.chains) as HexChainId[];
  await Promise.all(
    chains.map(async (hex) => {
      const chainId = Number(hex);
      const support = once(() => reads.runs7702(chainId).catch(() => false));
      await Promise.all(
        grant.accounts.map(async (address) => {
          const signer = reads.signer(address as Address);
          const state = signer && (await reads.state(chainId, address as Address).catch(() => undefined));
          if (!signer || !state) return;
          const input = { chainId, state, signer };
          // Undefined only where the chain's support decides.
          const needsSupport =
            batchPlan({ ...input, atomicRequired: true, calls: [], runs7702: undefined }) === undefined;
          const status = atomicStatus({ ...input, runs7702: needsSupport ? await support() : undefined });
          if (!status) return;
          result[hex] ??= {};
          result[hex][address.toLowerCase()] = status;
        }),
      );
    }),
  );
  return result;
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/**
 * The atomic part the window adds to each grant it sends: the last one read for the grant's
 * accounts and chains (none before the first read ends). A grant with other accounts or chains
 * than the last read's starts a new read; `refresh` makes the next grant start one. When a read
 * ends with something new, `changed` is called (the window sends the grant again).
 */
export class AtomicCapabilities {
  private atomic: AtomicGrant | undefined;
  private readFor = '';
  private reading: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly read: ((grant: SiteGrant) => Promise<AtomicGrant>) | undefined,
    private readonly changed: () => void,
  ) {}

  /** `grant` with the atomic part last read (only for a grant with accounts). */
  add(grant: SiteGrant): SiteGrant {
    if (!this.read || grant.accounts.length === 0) return grant;
    const key = JSON.stringify([grant.accounts, Object.keys(grant.chains)]);
    if (key !== this.readFor) {
      this.readFor = key;
      this.reading = this.read(grant).then(
        (atomic) => {
          if (this.readFor !== key || JSON.stringify(atomic) === JSON.stringify(this.atomic)) return;
          this.atomic = atomic;
          this.changed();
        },
        () => undefined,
      );
    }
    return this.atomic ? { ...grant, atomic: this.atomic } : grant;
  }

  /** Reads again with the next grant (an account may have been upgraded). */
  refresh(): void {
    this.readFor = '';
  }

  /** Resolves once the read under way, if any, has ended and its grant was handed on. */
  settled(): Promise<void> {
    return this.reading.then(() => undefined);
  }
}
