import { type DecodedItem, decodedLine } from '@/core/contracts/decode/decodedItem';
import { CodeText } from './CodeText';
import { UntrustedText } from './UntrustedText';

/** A decoded call on one line, as code: its names and values come from the call data, so untrusted. */
export function DecodedCallText({ call, className }: { call: DecodedItem; className?: string | undefined }) {
  return (
    <CodeText className={className}>
      <UntrustedText text={decodedLine(call)} kind="whole" />
    </CodeText>
  );
}
