import { describe, expect, it } from 'vitest';
import { CairnError } from '../../errors/base';
import { ThrottledError } from '../../errors/vault';
import { renderMessage } from '../../i18n/message';
import { decodeMessage, encodeMessage } from './messageCodec';
import { fromWireError, toWireError, type WireError } from './vaultProtocol';

describe('errors crossing to a window', () => {
  it('carry the error’s Message (id and values), never words, and read again on the other side', () => {
    const error = new ThrottledError(61_000, 1_000);
    const wire = decodeMessage(encodeMessage(toWireError(error))) as WireError;
    expect(wire).toEqual({ code: 'VAULT_THROTTLED', text: error.text, details: undefined, retryAt: 61_000 });
    expect(JSON.stringify(wire)).not.toContain(renderMessage(error.text));
    const again = fromWireError(wire);
    expect(again).toBeInstanceOf(CairnError);
    expect(again).toMatchObject({ code: 'VAULT_THROTTLED', text: error.text, retryAt: 61_000 });
    expect(again.message).toBe(error.message);
  });

  it('say only that something unexpected happened, with its safe details, for anything else', () => {
    const wire = toWireError(new TypeError('x is undefined'));
    expect(wire).toEqual({ code: undefined, details: 'x is undefined' });
    expect(fromWireError(wire)).not.toBeInstanceOf(CairnError);
    // @ts-expect-error A CairnError's text crosses as its Message: words would reach every reader in English.
    const words: WireError = { code: 'VAULT_THROTTLED', text: 'Too many tries.', details: undefined };
    expect(words.code).toBe('VAULT_THROTTLED');
  });
});
