import { type AbiEvent, type Hex, toEventSelector } from 'viem';
import { STANDARD_ABIS, type StandardAbiId } from './standardAbis';

/** topic0 of event `name` of a standard ABI. Throws when that ABI has no such event (a programming error). */
export function standardEventTopic(id: StandardAbiId, name: string): Hex {
  const event = STANDARD_ABIS.find((s) => s.id === id)?.abi.find(
    (item): item is AbiEvent => item.type === 'event' && item.name === name,
  );
  if (!event) throw new Error(`the ${id} ABI has no event ${name}`);
  return toEventSelector(event);
}

/** topic0 of the transfer events, from the standard ABIs: ERC-20 and ERC-721 share `Transfer`. */
export const TRANSFER_TOPIC = standardEventTopic('erc20', 'Transfer');
export const TRANSFER_SINGLE_TOPIC = standardEventTopic('erc1155', 'TransferSingle');
export const TRANSFER_BATCH_TOPIC = standardEventTopic('erc1155', 'TransferBatch');
