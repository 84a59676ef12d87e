import { sameHex } from '@/core/bytes';
import type { Network } from '@/core/chain/networks';
import { checkedHeader, sourcesDisagree } from '@/core/verify/headerChain';
import { headerFrom, type Source } from '@/core/verify/sources';
import { type TrustedHeader, trusted } from '@/core/verify/trustedHeader';
import { LIGHT_CLIENT_BEACONS, type TrustChoice } from '@/core/verify/verificationSetting';

type LightClientModule = typeof import('@/core/verify/lightClient/lightClient');
type LightClient = Awaited<ReturnType<LightClientModule['startLightClient']>>;

/** This window's light clients, one per chain, beacon API and checkpoint: started once, kept. */
const started = new Map<string, Promise<LightClient>>();

function clientFor(network: Network, trust: Extract<TrustChoice, { kind: 'lightClient' }>): Promise<LightClient> {
  const key = `${network.chainId}|${trust.beaconUrl}|${trust.checkpoint}`;
  let client = started.get(key);
  if (!client) {
    const chain = LIGHT_CLIENT_BEACONS[network.chainId];
    if (!chain) throw new Error(`no beacon chain for chain id ${network.chainId}`);
    // The light client and its BLS code load only here, when a network's checks use one.
    client = import('@/core/verify/lightClient/lightClient').then(({ beaconApi, startLightClient }) =>
      startLightClient({ chain, api: beaconApi(trust.beaconUrl), checkpointRoot: trust.checkpoint }),
    );
    // A start that failed is tried afresh next time (a beacon API that was down, a setting changed).
    client.catch(() => started.delete(key));
    started.set(key, client);
  }
  return client;
}

/**
 * The newest execution header the network's light client has proven (signed by the sync committee), with its fields
 * from `source`: the node's block at that height must hash to the header the beacon chain signed.
 * Throws the light client's VerifyErrors, and signedHeader's.
 */
export async function lightClientHeader(
  network: Network,
  trust: Extract<TrustChoice, { kind: 'lightClient' }>,
  source: Source,
): Promise<TrustedHeader> {
  return signedHeader(await clientFor(network, trust), trust.beaconUrl, source);
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
