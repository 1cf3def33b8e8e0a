import { resolvePartName } from './office-package';

describe('resolvePartName', () => {
  it('resolves relationship targets against the folder of the part they belong to', () => {
    expect(resolvePartName('ppt', 'slides/slide1.xml')).toBe('ppt/slides/slide1.xml');
    expect(resolvePartName('ppt/slides', '../slideLayouts/slideLayout2.xml')).toBe('ppt/slideLayouts/slideLayout2.xml');
    expect(resolvePartName('ppt', '/ppt/slides/./slide3.xml')).toBe('ppt/slides/slide3.xml');
  });
});
