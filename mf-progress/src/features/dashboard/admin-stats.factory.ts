import { adminStatsSchema, type AdminStats, type RecentLearningPath, type SystemActivity } from '@masar/contracts';
import { jsonResponse } from '@masar/shell/testing';

let sequence = 0;

export function buildRecentLearningPath(overrides: Partial<RecentLearningPath> = {}): RecentLearningPath {
  sequence += 1;
  return {
    id: `30000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    jobTitle: 'Data Analyst',
    courseCount: 5,
    percent: 20,
    createdAt: '2026-03-01T08:30:00.000Z',
    ...overrides,
  };
}

export function buildSystemActivity(overrides: Partial<SystemActivity> & Pick<SystemActivity, 'kind'>): SystemActivity {
  return {
    occurredAt: '2026-03-02T10:15:00.000Z',
    title: 'Negotiation Skills',
    titleAr: 'مهارات التفاوض',
    count: null,
    ...overrides,
  };
}

/** A new organisation: nothing generated or recorded yet. */
export function buildAdminStats(overrides: Partial<AdminStats> = {}): AdminStats {
  return {
    activeLearningPaths: 0,
    skillsMapped: 0,
    availableCourses: 0,
    completionRate: 0,
    recentLearningPaths: [],
    systemActivity: [],
    ...overrides,
  };
}

/** `GET /api/admin/stats`' reply, checked against the contract so a fixture never drifts from it. */
export function adminStatsReply(stats: AdminStats): Response {
  return jsonResponse(adminStatsSchema.parse(stats));
}
