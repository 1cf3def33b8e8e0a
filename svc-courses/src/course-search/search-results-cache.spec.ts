import { SearchResultsCache } from './search-results-cache';

describe('SearchResultsCache', () => {
  it('gives back an entry under the version it was kept at', () => {
    const cache = new SearchResultsCache<{ name: string }>(10);
    cache.set('3', 'pivot', { name: 'results' });
    expect(cache.get('3', 'pivot')).toEqual({ name: 'results' });
    expect(cache.get('3', 'xlookup')).toBeUndefined();
  });

  it('forgets everything once the index has a newer version', () => {
    const cache = new SearchResultsCache<{ name: string }>(10);
    cache.set('3', 'pivot', { name: 'old results' });
    expect(cache.get('4', 'pivot')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never keeps a result computed under a version older than one already seen', () => {
    const cache = new SearchResultsCache<{ name: string }>(10);
    expect(cache.get('5', 'pivot')).toBeUndefined();
    cache.set('4', 'pivot', { name: 'computed before the last change' });
    expect(cache.get('5', 'pivot')).toBeUndefined();
    // An older reader does not bring the old version back either.
    expect(cache.get('4', 'pivot')).toBeUndefined();
  });

  it('lets the least recently used entry go first when full', () => {
    const cache = new SearchResultsCache<{ name: string }>(2);
    cache.set('1', 'a', { name: 'A' });
    cache.set('1', 'b', { name: 'B' });
    expect(cache.get('1', 'a')).toEqual({ name: 'A' });
    cache.set('1', 'c', { name: 'C' });
    expect(cache.get('1', 'b')).toBeUndefined();
    expect(cache.get('1', 'a')).toEqual({ name: 'A' });
    expect(cache.get('1', 'c')).toEqual({ name: 'C' });
  });
});
