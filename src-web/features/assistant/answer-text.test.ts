import { describe, expect, it } from 'vitest';
import { answerPieces } from './answer-text';

describe('answerPieces', () => {
  it('turns citation markers into citation pieces and keeps the text around them', () => {
    expect(
      answerPieces('Sold 1,500 shares [[acc:0001127602-25-001055]] and 5.02 [[acc:0000943374-24-000509#5.02]].'),
    ).toEqual([
      { kind: 'text', text: 'Sold 1,500 shares ' },
      { kind: 'cite', accessionNo: '0001127602-25-001055', item: null },
      { kind: 'text', text: ' and 5.02 ' },
      { kind: 'cite', accessionNo: '0000943374-24-000509', item: '5.02' },
      { kind: 'text', text: '.' },
    ]);
    expect(answerPieces('No citation [[acc:bogus]]')).toEqual([{ kind: 'text', text: 'No citation [[acc:bogus]]' }]);
  });
});
