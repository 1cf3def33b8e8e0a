/**
 * How far a misspelt word may be from its correction: one slip in a short word, two in a long one,
 * none in a word under four letters (too many words lie one letter from "k8s" or "sql").
 */
export function allowedEdits(word: string): number {
  const letters = [...word].length;
  if (letters < 4) return 0;
  return letters < 8 ? 1 : 2;
}

/**
 * Edits (insert, delete, substitute, swap two neighbours) from one word to the other: "pivto" is one
 * from "pivot", "quantum" three from "quantify".
 */
export function editDistance(from: string, to: string): number {
  const a = [...from];
  const b = [...to];
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

/** Whether `candidate` may stand for the misspelt `word`. */
export function isCloseMisspelling(word: string, candidate: string): boolean {
  const edits = editDistance(word, candidate);
  return edits > 0 && edits <= allowedEdits(word);
}
