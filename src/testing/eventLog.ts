import { type AbiEvent, type Address, encodeAbiParameters, encodeEventTopics, type Hex, parseAbiItem } from 'viem';
import type { RawLog } from '../core/contracts/decode/logs';

/** A log of `signature` from `address`, its indexed arguments in topics and the rest in data. */
export function eventLog(address: Address, signature: string, args: readonly unknown[], logIndex = 0): RawLog {
  const event = parseAbiItem(signature) as AbiEvent;
  const indexed = event.inputs.map((p, i) => (p.indexed ? args[i] : undefined));
  const topics = encodeEventTopics({ abi: [event], args: indexed as never }) as Hex[];
  const rest = event.inputs.filter((p) => !p.indexed);
  const data = encodeAbiParameters(
    rest,
    event.inputs.flatMap((p, i) => (p.indexed ? [] : [args[i]])),
  );
  return { address, topics: topics.filter((t) => t !== null), data, logIndex };
}
