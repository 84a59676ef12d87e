// Ledger's HID framing: an APDU travels as 64-byte reports, each starting with the channel (2 bytes),
// the tag 05 and a sequence index (2 bytes, from 0); the first also carries the APDU's length
// (2 bytes), and the last is zero-padded. Answers come back framed the same way.
import { DeviceError } from '../errors/device';
import { msg } from '../i18n/message';

/** The channel Cairn writes; the device answers on the channel it was asked on. */
export const LEDGER_CHANNEL = 0x0101;
export const HID_REPORT_SIZE = 64;
const TAG = 0x05;
const HEADER = 5;
const LENGTH = 2;
/**
 * The longest answer accepted. The length field could say up to 65535, but a Ledger's answers
 * are a few hundred bytes (its APDU buffer is about 300): a larger one is a garbled header,
 * and waiting for hundreds of frames that never come would hang the exchange.
 */
export const MAX_ANSWER_LENGTH = 4096;

/** The APDU split into the reports to send, in order. */
export function frameApdu(apdu: Uint8Array, channel = LEDGER_CHANNEL): Uint8Array[] {
  if (apdu.length > 0xffff) throw new RangeError('an APDU sent over HID is at most 65535 bytes');
  const message = new Uint8Array(LENGTH + apdu.length);
  new DataView(message.buffer).setUint16(0, apdu.length);
  message.set(apdu, LENGTH);
  const room = HID_REPORT_SIZE - HEADER;
  const frames: Uint8Array[] = [];
  for (let offset = 0, index = 0; offset < message.length; offset += room, index++) {
    const frame = new Uint8Array(HID_REPORT_SIZE);
    const view = new DataView(frame.buffer);
    view.setUint16(0, channel);
    frame[2] = TAG;
    view.setUint16(3, index);
    frame.set(message.subarray(offset, offset + room), HEADER);
    frames.push(frame);
  }
  return frames;
}

const hex = (value: number) => value.toString(16).padStart(4, '0');

function garbled(details: string): DeviceError {
  return new DeviceError('DEVICE_ANSWER', msg('core.devices:ledger.garbled'), { details: `HID frame: ${details}` });
}

/** Takes an answer's reports one by one; returns the answer (with its status word) once whole. */
export type AnswerReader = { push(frame: Uint8Array): Uint8Array | undefined };

/**
 * A reader for one answer on `channel`. Each report must carry that channel, the tag and the next
 * sequence index; the first must declare a length from 2 (a status word alone) to `maxLength`.
 * Reports may be shorter than 64 bytes; bytes past the declared length are padding. Throws
 * DeviceError 'DEVICE_ANSWER' on any report that breaks these rules, or one past the end.
 */
export function answerReader(channel = LEDGER_CHANNEL, maxLength = MAX_ANSWER_LENGTH): AnswerReader {
  let answer: Uint8Array | undefined;
  let filled = 0;
  let sequence = 0;
  return {
    push(frame) {
      if (answer && filled === answer.length) throw garbled('a report after the answer was complete');
      const first = answer === undefined;
      if (frame.length > HID_REPORT_SIZE) throw garbled(`a report of ${frame.length} bytes`);
      if (frame.length < HEADER + (first ? LENGTH : 0)) throw garbled(`a report of ${frame.length} bytes`);
      const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
      if (view.getUint16(0) !== channel) throw garbled(`channel ${hex(view.getUint16(0))}, not ${hex(channel)}`);
      if (frame[2] !== TAG) throw garbled(`tag ${(frame[2] ?? 0).toString(16)}, not 05`);
      if (view.getUint16(3) !== sequence) throw garbled(`sequence index ${view.getUint16(3)}, not ${sequence}`);
      sequence++;
      let body = frame.subarray(HEADER);
      if (!answer) {
        const length = view.getUint16(HEADER);
        if (length < 2 || length > maxLength) throw garbled(`declared length ${length}, not 2 to ${maxLength}`);
        answer = new Uint8Array(length);
        body = frame.subarray(HEADER + LENGTH);
      }
      const taken = body.subarray(0, answer.length - filled);
      answer.set(taken, filled);
      filled += taken.length;
      return filled === answer.length ? answer : undefined;
    },
  };
}

/** The answer the reports make together; throws DeviceError 'DEVICE_ANSWER' if they do not make exactly one. */
export function unframeAnswer(frames: readonly Uint8Array[], channel = LEDGER_CHANNEL): Uint8Array {
  const reader = answerReader(channel);
  let answer: Uint8Array | undefined;
  for (const frame of frames) answer = reader.push(frame);
  if (!answer) throw garbled('the reports ended before the declared length');
  return answer;
}
