// Beside address.ts, but apart from it: connect.js shares this file (CONNECTOR_CORE in
// scripts/lint/layers.ts), and it takes no package, so nothing here may import viem.

/**
 * Whether `a` and `b` name the same address, whatever the case of their hex digits (an EIP-55
 * checksum is a way of writing an address, not part of it). It compares text and checks
 * nothing: any two strings equal but for case are "the same", and a missing one is the same as
 * nothing, not even another missing one.
 */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return a != null && b != null && (a === b || a.toLowerCase() === b.toLowerCase());
}
