import { blendedRelevance, cosineSimilarity, EMBEDDING_WEIGHT, rerankBySimilarity } from './semantic-reranking';

describe('cosineSimilarity', () => {
  it('is 1 for the same direction, 0 for orthogonal vectors, and 0 for vectors it cannot compare', () => {
    expect(cosineSimilarity([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(cosineSimilarity([1, 0], [0, 1])).toBe(0);
    expect(cosineSimilarity([1, 0], [1, 0, 0])).toBe(0);
    expect(cosineSimilarity([0, 0], [1, 0])).toBe(0);
  });
});

describe('blendedRelevance', () => {
  it('stays between 0 and 1, with negative similarity counting as none', () => {
    expect(blendedRelevance(1, 1)).toBe(1);
    expect(blendedRelevance(0, -1)).toBe(0);
    expect(blendedRelevance(0.8, -0.5)).toBe(Math.round((1 - EMBEDDING_WEIGHT) * 0.8 * 1000) / 1000);
    expect(blendedRelevance(0.5, 1)).toBeCloseTo((1 - EMBEDDING_WEIGHT) * 0.5 + EMBEDDING_WEIGHT);
  });
});

describe('rerankBySimilarity', () => {
  const candidates = [
    { id: 'words', relevance: 0.9 },
    { id: 'meaning', relevance: 0.7 },
    { id: 'neither', relevance: 0.7 },
  ];

  it('moves the passage nearest the query in meaning up among passages the words match about equally', () => {
    const ranked = rerankBySimilarity(candidates, [1, 0], [[0, 1], [1, 0], [0, 1]]);
    expect(ranked.map((candidate) => candidate.id)).toEqual(['meaning', 'words', 'neither']);
    expect(ranked[0].relevance).toBeCloseTo((1 - EMBEDDING_WEIGHT) * 0.7 + EMBEDDING_WEIGHT);
  });

  it('keeps the full-text order when every passage is as near as the others', () => {
    expect(rerankBySimilarity(candidates, [1, 1], [[1, 1], [1, 1], [1, 1]]).map((candidate) => candidate.id)).toEqual(['words', 'meaning', 'neither']);
  });

  it('keeps a passage the words match much better ahead of one only close in meaning', () => {
    const ranked = rerankBySimilarity([{ id: 'words', relevance: 0.95 }, { id: 'meaning', relevance: 0.2 }], [1, 0], [[0, 1], [1, 0]]);
    expect(ranked.map((candidate) => candidate.id)).toEqual(['words', 'meaning']);
  });
});
