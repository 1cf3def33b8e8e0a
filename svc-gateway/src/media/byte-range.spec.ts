import { byteRangeOf } from './byte-range';

describe('byteRangeOf', () => {
  it.each([
    [undefined, 'whole'],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=5-2', 'whole'],
    ['bytes=0-1,5-9', 'whole'],
    ['items=0-9', 'whole'],
    ['bytes=-', 'whole'],
  ])('%s of 1000 bytes is %j', (header, expected) => {
    expect(byteRangeOf(header, 1000)).toEqual(expected);
  });
});
