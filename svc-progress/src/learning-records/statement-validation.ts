import validateXapiStatement from '@learninglocker/xapi-validation';
import type { XapiStatement } from './xapi-statements';

/** What is wrong with a statement by xAPI 1.0.3 (Learning Locker's conformance-tested rules); empty when nothing. */
export function statementProblems(statement: XapiStatement): string[] {
  return validateXapiStatement(statement).map((warning) => {
    const { path, constructor } = warning as unknown as { path: string[]; constructor: { name: string } };
    return `${path.join('.')}: ${constructor.name}`;
  });
}
