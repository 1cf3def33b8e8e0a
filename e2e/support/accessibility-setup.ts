import { takeAccessibilityFailures } from './accessibility';

// The checks the pages made during a test (support/accessibility.ts) fail that test here, after it.
afterEach(() => {
  const failures = takeAccessibilityFailures();
  if (failures.length > 0) throw new Error(failures.join('\n\n'));
});
