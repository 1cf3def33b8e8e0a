import { editDistance, isCloseMisspelling } from './spelling';

describe('spelling', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('pivto', 'pivot')).toBe(1);
    expect(editDistance('kuberntes', 'kubernetes')).toBe(1);
    expect(editDistance('quantum', 'quantify')).toBe(3);
  });

  it('corrects a slip, not a different word', () => {
    expect(isCloseMisspelling('pivto', 'pivot')).toBe(true);
    expect(isCloseMisspelling('kuberntes', 'kubernetes')).toBe(true);
    expect(isCloseMisspelling('مهاراة', 'مهارات')).toBe(true);
    expect(isCloseMisspelling('quantum', 'quantify')).toBe(false);
    expect(isCloseMisspelling('chromodynamics', 'dynamics')).toBe(false);
    expect(isCloseMisspelling('k8s', 'kas')).toBe(false);
  });
});
