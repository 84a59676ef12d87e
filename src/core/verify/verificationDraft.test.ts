import { describe, expect, it } from 'vitest';
import { localNetwork, type Network } from '../chain/networks';
import { parseVerificationDraft, type VerificationDraft, verificationDraftOf } from './verificationDraft';

const local = localNetwork('http://127.0.0.1:8545');
const mainnet: Network = { ...local, id: 'ethereum', kind: 'preset', chainId: 1 };
const blank: VerificationDraft = {
  mode: 'balances',
  trust: 'agreement',
  pinNumber: '',
  pinHash: '',
  beaconUrl: '',
  checkpoint: '',
};
const hash = `0x${'ab'.repeat(32)}`;

describe('parseVerificationDraft', () => {
  it('reads agreement, a pin and a light client, and back into a draft', () => {
    expect(parseVerificationDraft({ ...blank, mode: 'off' }, local).choice).toEqual({
      mode: 'off',
      trust: { kind: 'agreement' },
    });
    const pinned = parseVerificationDraft(
      { ...blank, trust: 'pinned', pinNumber: ' 0042 ', pinHash: hash.toUpperCase().replace('0X', '0x') },
      local,
    );
    expect(pinned.choice?.trust).toEqual({ kind: 'pinned', number: '42', hash });
    const light = parseVerificationDraft(
      { ...blank, mode: 'previews', trust: 'lightClient', beaconUrl: 'https://beacon.example/', checkpoint: hash },
      mainnet,
    );
    expect(light.choice).toEqual({
      mode: 'previews',
      trust: { kind: 'lightClient', beaconUrl: 'https://beacon.example', checkpoint: hash },
    });
    expect(verificationDraftOf(light.choice as never)).toMatchObject({ trust: 'lightClient', checkpoint: hash });
  });

  it('names each bad field and reads nothing else', () => {
    expect(parseVerificationDraft({ ...blank, trust: 'pinned' }, local).errors).toEqual({
      pinNumber: { id: 'core.chain:verify.draft.numberEmpty' },
      pinHash: { id: 'core.chain:verify.draft.hashInvalid' },
    });
    expect(
      parseVerificationDraft({ ...blank, trust: 'pinned', pinNumber: '1e6', pinHash: hash }, local).errors,
    ).toEqual({
      pinNumber: { id: 'core.chain:verify.draft.numberNotNumber' },
    });
    expect(
      parseVerificationDraft(
        { ...blank, trust: 'lightClient', beaconUrl: 'http://beacon.example', checkpoint: '0x12' },
        local,
      ).errors,
    ).toEqual({
      trust: { id: 'core.chain:verify.draft.lightClientChain' },
      beaconUrl: { id: 'core.chain:verify.draft.beaconUrl' },
      checkpoint: { id: 'core.chain:verify.draft.checkpointInvalid' },
    });
    expect(
      parseVerificationDraft(
        { ...blank, trust: 'lightClient', beaconUrl: 'http://127.0.0.1:5052', checkpoint: hash },
        mainnet,
      ).choice,
    ).toBeDefined();
    expect(parseVerificationDraft({ ...blank, trust: 'agreement', pinNumber: 'junk' }, local).choice).toBeDefined();
  });
});
