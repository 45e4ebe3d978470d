/** Splits an answer's text into plain runs and citation markers ([[acc:ACCESSION#ITEM]]), for rendering links. */
export type AnswerPiece = { kind: 'text'; text: string } | { kind: 'cite'; accessionNo: string; item: string | null };

const CITATION = /\[\[acc:(\d{10}-\d{2}-\d{6})(?:#([0-9A-Za-z._ -]{1,40}))?\]\]/g;

export function answerPieces(line: string): AnswerPiece[] {
  const pieces: AnswerPiece[] = [];
  let at = 0;
  for (const m of line.matchAll(CITATION)) {
    if (m.index > at) pieces.push({ kind: 'text', text: line.slice(at, m.index) });
    pieces.push({ kind: 'cite', accessionNo: m[1]!, item: m[2] ?? null });
    at = m.index + m[0].length;
  }
  if (at < line.length) pieces.push({ kind: 'text', text: line.slice(at) });
  return pieces;
}
