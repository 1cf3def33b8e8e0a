import { Language } from '@masar/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Injection {
  id: string;
  language: Language;
  /** The skills the injection tries to add, by taxonomy name. */
  skills: string[];
  text: string;
}

export interface HostPosting {
  role: string;
  language: Language;
  content: string;
}

/** The injection corpus: test/fixtures/prompt-injections.json. */
export function loadInjections(): Injection[] {
  const file = path.join(__dirname, '../fixtures/prompt-injections.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { injections: Injection[] }).injections;
}

/** The fifteen predefined roles' postings, in English and Arabic, as svc-jobs seeds them: real postings to hide injections in. */
export function loadPredefinedPostings(): HostPosting[] {
  const directory = path.resolve(__dirname, '../../../svc-jobs/src/predefined-roles/data');
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      const role = JSON.parse(readFileSync(path.join(directory, name), 'utf8')) as Record<'en' | 'ar', { content: string }> & { role: string };
      return (['en', 'ar'] as const).map((language) => ({ role: role.role, language, content: role[language].content }));
    });
}

/**
 * Hides an injection in a posting in one of three places, so that none of them is a blind spot: as
 * a list item under the requirements, at the end of the first paragraph, or as a last paragraph.
 */
export function embed(posting: string, injection: string, place: number): string {
  const lines = posting.split('\n');
  switch (place % 3) {
    case 0: {
      const heading = lines.findIndex((line) => /^(?:Requirements|المتطلبات)\s*$/.test(line.trim()));
      const at = heading === -1 ? lines.length : heading + 1;
      return [...lines.slice(0, at), `- ${injection}`, ...lines.slice(at)].join('\n');
    }
    case 1: {
      const paragraph = lines.findIndex((line, index) => index > 0 && line.trim().length > 80);
      const at = paragraph === -1 ? 0 : paragraph;
      return lines.map((line, index) => (index === at ? `${line} ${injection}` : line)).join('\n');
    }
    default:
      return `${posting}\n\n${injection}`;
  }
}
