/** "1 report", "2 reports": a count and its noun, for messages and records. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
