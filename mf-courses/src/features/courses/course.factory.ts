import type { CourseSummary } from '@masar/contracts';

let sequence = 0;

/** A course as `GET /api/courses` lists it. */
export function buildCourse(overrides: Partial<CourseSummary> = {}): CourseSummary {
  sequence += 1;
  return {
    id: `20000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    title: 'Negotiation Skills',
    description: 'Prepare, open and close negotiations that leave both sides better off.',
    duration: '4 weeks',
    format: 'online',
    departmentOwner: 'Sales',
    color: 'blue',
    abbreviation: 'NS',
    imageUrl: null,
    createdAt: '2026-02-10T08:00:00.000Z',
    ...overrides,
  };
}

export function coursePage(items: CourseSummary[]) {
  return { items, total: items.length, page: 1, pageSize: 20 };
}
