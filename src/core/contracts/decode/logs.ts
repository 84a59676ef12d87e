import { type Address, decodeEventLog, type Hex } from 'viem';
import { indexesFor, type SavedAbi, savedAbisFor } from './abiIndex';
import { type DecodedItem, decodedItem } from './decodedItem';

/** A log as the node returns it. */
export type RawLog = { address: Address; topics: readonly Hex[]; data: Hex; logIndex: number };

/** A decoded event, or the log as it came when no ABI at hand describes it. */
export type DecodedLog =
  | ({ address: Address; logIndex: number } & DecodedItem)
  | { address: Address; logIndex: number; name: undefined; topics: Hex[]; data: Hex };

function decodeOne(log: RawLog, saved: readonly SavedAbi[]): DecodedLog {
  const topics = log.topics.map((t) => t.toLowerCase() as Hex);
  const [topic0] = topics;
  if (topic0 === undefined) return rawLog(log); // anonymous events carry no selector to look up
  for (const [index, source] of indexesFor(savedAbisFor(log.address, saved))) {
    for (const item of index.events.get(topic0) ?? []) {
      // The topic count picks between same-signature events (ERC-20 vs ERC-721 Transfer/Approval).
      if (item.inputs.filter((p) => p.indexed).length !== topics.length - 1) continue;
      try {
        const { args } = decodeEventLog({
          abi: [item],
          topics: topics as [Hex, ...Hex[]],
          data: log.data.toLowerCase() as Hex,
          strict: true,
        });
        const unnamed = item.inputs.some((p) => !p.name);
        const bag = (args ?? {}) as Record<string | number, unknown>;
        const values = item.inputs.map((p, i) => (unnamed ? bag[i] : bag[p.name as string]));
        return { address: log.address, logIndex: log.logIndex, ...decodedItem(item, values, source) };
      } catch {
        // Data or topics do not fit this item: try the next candidate.
      }
    }
  }
  return rawLog(log);
}

function rawLog(log: RawLog): DecodedLog {
  return {
    address: log.address,
    logIndex: log.logIndex,
    name: undefined,
    topics: Array.isArray(log.topics) ? [...log.topics] : [],
    data: log.data,
  };
}

/**
 * Decodes each log with the ABIs saved for its emitter, then the standard ones; others stay raw.
 * Never throws, whatever the topics and data.
 */
export function decodeLogs(logs: readonly RawLog[], saved: readonly SavedAbi[]): DecodedLog[] {
  return logs.map((log) => {
    try {
      return decodeOne(log, saved);
    } catch {
      return rawLog(log);
    }
  });
}
