import { MASAR_STATEMENT_NAMESPACE, statementIdOf } from './statement-id';

describe('statementIdOf', () => {
  it('is RFC 4122 version 5 (the RFC’s DNS example)', () => {
    expect(statementIdOf('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('gives the same happening the same id and another happening another', () => {
    expect(statementIdOf('lesson-completed:a:b')).toBe(statementIdOf('lesson-completed:a:b', MASAR_STATEMENT_NAMESPACE));
    expect(statementIdOf('lesson-completed:a:b')).not.toBe(statementIdOf('lesson-completed:a:c'));
  });
});
