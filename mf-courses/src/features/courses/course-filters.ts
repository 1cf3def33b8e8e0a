import { COURSE_KINDS, COURSE_LEVELS, COURSE_STATUSES, type CourseKind, type CourseLevel, type CourseStatus } from '@masar/contracts';

/** The list's filters, kept in the address so a filtered list can be linked to and reloaded. */
export interface CourseFilters {
  q: string;
  skill: string;
  category: string;
  level?: CourseLevel;
  kind?: CourseKind;
  /** Admins' filter: drafts or published courses only (learners only ever get published ones). */
  status?: CourseStatus;
  page: number;
}

export const FILTER_KEYS = ['q', 'skill', 'category', 'level', 'kind', 'status', 'page'] as const;

function isLevel(value: string | null): value is CourseLevel {
  return (COURSE_LEVELS as readonly string[]).includes(value ?? '');
}

function isStatus(value: string | null): value is CourseStatus {
  return (COURSE_STATUSES as readonly string[]).includes(value ?? '');
}

function isKind(value: string | null): value is CourseKind {
  return (COURSE_KINDS as readonly string[]).includes(value ?? '');
}

/** Reads the filters; an unknown level or kind in a hand-edited address is ignored, not sent. */
export function readCourseFilters(params: URLSearchParams): CourseFilters {
  const page = Number(params.get('page'));
  const level = params.get('level');
  const kind = params.get('kind');
  const status = params.get('status');
  return {
    q: params.get('q') ?? '',
    skill: params.get('skill') ?? '',
    category: params.get('category') ?? '',
    level: isLevel(level) ? level : undefined,
    kind: isKind(kind) ? kind : undefined,
    status: isStatus(status) ? status : undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Writes changed filters into the address, leaving other parameters (such as jobId) alone. */
export function writeCourseFilters(params: URLSearchParams, changes: Partial<CourseFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    const text = value === undefined ? '' : String(value).trim();
    if (text === '' || (key === 'page' && text === '1')) next.delete(key);
    else next.set(key, text);
  }
  // Any change but paging starts again from the first page.
  if (!('page' in changes)) next.delete('page');
  return next;
}

export function hasActiveFilters(filters: CourseFilters): boolean {
  return Boolean(filters.q || filters.skill || filters.category || filters.level || filters.kind || filters.status);
}
