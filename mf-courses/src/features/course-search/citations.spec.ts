import { answerSegments } from './citations';

describe('answerSegments', () => {
  it('splits the answer into text and the citations of existing results', () => {
    expect(answerSegments('Pivot tables summarise rows [1]. Drag fields to Rows [2][1].', 2)).toEqual([
      { kind: 'text', text: 'Pivot tables summarise rows ' },
      { kind: 'citation', n: 1 },
      { kind: 'text', text: '. Drag fields to Rows ' },
      { kind: 'citation', n: 2 },
      { kind: 'citation', n: 1 },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves numbers that point at no result as plain text', () => {
    expect(answerSegments('See [0] and [3], not [x].', 2)).toEqual([{ kind: 'text', text: 'See [0] and [3], not [x].' }]);
  });

  it('gives an answer without citations back whole', () => {
    expect(answerSegments('Your library has nothing on quantum chemistry yet.', 0)).toEqual([
      { kind: 'text', text: 'Your library has nothing on quantum chemistry yet.' },
    ]);
  });
});
