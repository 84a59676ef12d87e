/** The address with the case of its first letter flipped: mixed case that fails EIP-55. */
export function badChecksum(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const letter = address.charAt(i);
  const flipped = letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase();
  return `${address.slice(0, i)}${flipped}${address.slice(i + 1)}`;
}
