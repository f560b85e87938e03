/**
 * "Você quis dizer …": the allowed name closest to a misspelt one. Optimal string alignment
 * distance (a swap of two neighbours costs one edit, as in "higlight" → "highlight"), compared
 * case-insensitively, accepted only when small for the word's length so a wild guess stays silent.
 */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

export function closestName(word: string, candidates: readonly string[]): string | undefined {
  const wanted = word.toLowerCase();
  const limit = wanted.length <= 4 ? 1 : wanted.length <= 8 ? 2 : 3;
  let best: { name: string; distance: number } | undefined;
  for (const name of candidates) {
    const distance = editDistance(wanted, name.toLowerCase());
    if (distance <= limit && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}
