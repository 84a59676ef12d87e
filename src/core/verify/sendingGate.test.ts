import { describe, expect, it } from 'vitest';
import { isCairnError } from '../errors/base';
import { renderMessage } from '../i18n/message';
import { alarmWith, type CallLie, changeAlarm } from './alarm';
import { sendingGate } from './sendingGate';

const network = { id: 'gate-test', name: 'Gate net' };
const lie = (key: string): CallLie => ({
  key,
  transaction: key,
  problem: { id: 'common:hold.title' },
  block: 1n,
  source: 's',
});
const outcome = () => {
  try {
    sendingGate(network);
    return 'open';
  } catch (error) {
    return isCairnError(error) ? `${error.code}: ${renderMessage(error.text)}` : error;
  }
};

describe('the one gate for held sending', () => {
  it('is open with no alarm, held by a new lie until acknowledged, and held again by another lie', () => {
    expect(outcome()).toBe('open');
    changeAlarm(network, (before) => alarmWith(before, { calls: [lie('a')] }));
    expect(outcome()).toMatch(/^VERIFY_SENDING_HELD: Sending on Gate net is held/);
    changeAlarm(network, (alarm) => alarm && { ...alarm, acknowledged: true });
    expect(outcome()).toBe('open');
    changeAlarm(network, (before) => alarmWith(before, { calls: [lie('a')] }));
    expect(outcome()).toBe('open');
    changeAlarm(network, (before) => alarmWith(before, { calls: [lie('a'), lie('b')] }));
    expect(outcome()).toMatch(/^VERIFY_SENDING_HELD/);
    changeAlarm(network, () => undefined);
    expect(outcome()).toBe('open');
  });
});
