/**
 * Up to three wordlist words a mistyped word was probably meant to be: BIP39 words are unique
 * in their first four letters, so a shared 4-letter prefix is a strong hint; otherwise words
 * that start the same way, then the closest by edit distance (at most 2).
 */
export function suggestWords(typed: string, words: readonly string[], limit = 3): string[] {
  if (typed.length === 0) return [];
  if (typed.length >= 4) {
    const prefix = words.filter((w) => w.startsWith(typed.slice(0, 4)));
    if (prefix.length > 0) return prefix.slice(0, limit);
  }
  const starts = typed.length >= 3 ? words.filter((w) => w.startsWith(typed)) : [];
  if (starts.length > 0) return starts.slice(0, limit);
  return words
    .map((w) => ({ w, d: editDistance(typed, w, 2) }))
    .filter((x) => x.d <= 2)
    .sort((a, b) => a.d - b.d)
    .slice(0, limit)
    .map((x) => x.w);
}

/**
 * Edit distance counting a swap of two neighbouring letters as one edit (optimal string
 * alignment), giving up (returning max + 1) once every path exceeds `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const above = rows[i - 1] ?? [];
      let value = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? max + 1;
}
