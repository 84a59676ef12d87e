import { sameHex } from '../bytes';
import type { Network } from '../chain/networks';
import { checkedHeader, sourcesDisagree } from './headerChain';
import { headerFrom, type Source, sourcesOf } from './sources';
import { type HeaderTrust, type TrustedHeader, trusted } from './trustedHeader';
import { LIGHT_CLIENT_BEACONS, type NetworkVerification, type TrustChoice } from './verificationSetting';

type LightClientModule = typeof import('./lightClient/lightClient');
type LightClient = Awaited<ReturnType<LightClientModule['startLightClient']>>;

/** How light clients reach the person's beacon API: beaconApi's options (its fetch, its timeout). */
export type BeaconSettings = NonNullable<Parameters<LightClientModule['beaconApi']>[1]>;

/** What a stored trust choice means at a check: the header trust verifyBalances and checkCall take. */
export type HeaderTrustOf = (network: Network, verification: NetworkVerification) => Promise<HeaderTrust>;

/**
 * The header trust each network's stored choice means, with the light clients it starts kept
 * (one per chain, beacon API and checkpoint: started once, a start that failed tried afresh next
 * time). A pin is its block; agreement is asked of the sources by the check itself; a light
 * client is asked for its newest signed header, with its fields from the network's first RPC URL.
 * The function throws the light client's VerifyErrors, and signedHeader's.
 */
export function headerTrustChoice(beacons: BeaconSettings = {}): HeaderTrustOf {
  const started = new Map<string, Promise<LightClient>>();
  const clientFor = (network: Network, trust: Extract<TrustChoice, { kind: 'lightClient' }>) => {
    const key = `${network.chainId}|${trust.beaconUrl}|${trust.checkpoint}`;
    let client = started.get(key);
    if (!client) {
      const chain = LIGHT_CLIENT_BEACONS[network.chainId];
      if (!chain) throw new Error(`no beacon chain for chain id ${network.chainId}`);
      // The light client and its BLS code load only here, when a network's checks use one.
      client = import('./lightClient/lightClient').then(({ beaconApi, startLightClient }) =>
        startLightClient({ chain, api: beaconApi(trust.beaconUrl, beacons), checkpointRoot: trust.checkpoint }),
      );
      // A start that failed is tried afresh next time (a beacon API that was down, a setting changed).
      client.catch(() => started.delete(key));
      started.set(key, client);
    }
    return client;
  };
  return async (network, verification) => {
    const trust = verification.trust;
    if (trust.kind === 'pinned') return { kind: 'pinned', number: BigInt(trust.number), hash: trust.hash };
    if (trust.kind === 'lightClient') {
      const [source] = sourcesOf(network);
      if (!source) throw new Error('a network without RPC URLs');
      return { kind: 'given', header: await signedHeader(await clientFor(network, trust), trust.beaconUrl, source) };
    }
    return { kind: 'agreement' };
  };
}

/**
 * `client`'s newest signed head (about a slot old: a finalized one is some 13 minutes behind,
 * where a lie at the head would only show as a balance moved since), with its fields from `source`;
 * its finalized header, marked so, while it takes no head yet.
 * Throws VERIFY_SOURCES_DISAGREE (the node names another block there), VERIFY_SOURCE_BEHIND,
 * VERIFY_HEADER_FORGED, a ChainError, the client's VerifyErrors.
 */
export async function signedHeader(
  client: Pick<LightClient, 'update'>,
  beaconUrl: string,
  source: Source,
): Promise<TrustedHeader> {
  const head = await client.update({ optimistic: true });
  const fields = await headerFrom(source, head.number);
  // Which block the node names there is checked before what its header holds.
  if (fields && !sameHex(fields.hash, head.hash))
    throw sourcesDisagree(head.number, { url: source.url, hash: fields.hash }, { url: beaconUrl, hash: head.hash });
  // The beacon chain signed this block's hash; the node's fields must hash to it.
  const header = trusted(checkedHeader(source, head.number, fields), 'lightClient', [beaconUrl]);
  return head.headAwaitsSupermajority ? { ...header, headAwaitsSupermajority: true } : header;
}
