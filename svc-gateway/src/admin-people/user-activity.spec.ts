import { userActivityReplySchema } from '@masar/contracts';
import { toUserActivity } from './user-activity';

const posting = {
  id: '0b8f5f9e-6a4e-4d52-9a39-2f0c2d1f8f10',
  title: 'Data Analyst',
  content: 'SQL every day.',
  source: { kind: 'text' as const },
  detectedLanguage: 'en' as const,
  extractedSkills: [],
  reviewedSkills: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const path = {
  id: '1c9f6f0e-7b5f-4e63-8b4a-3f1d3e2f9f21',
  userId: '3f2b6c1e-8d4a-4f7b-9c2e-5a1d7e9b0c44',
  jobDescriptionId: posting.id,
  jobTitle: 'Data Analyst',
  weeklyHours: 3,
  startDate: '2026-11-21',
  gaps: [],
  courses: [],
  milestones: [],
  uncoveredSkills: [],
  totalHours: 0,
  monthsNeeded: 0,
  fit: { choice: 'fits' as const, allCoursesHours: 0, weeklyHoursToFitAll: 1, proposedWeeklyHours: null, proposalLimit: 6, ramadanLoadFactor: 0.5, holyPeriods: [] },
  nextYear: { skills: [], courses: [], totalHours: 0, monthsAtBudget: 0 },
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

describe('toUserActivity', () => {
  it('says whether each job description was reviewed, and takes each path’s progress from svc-progress', () => {
    const reviewed = {
      ...posting,
      id: '2d0a7a1f-8c6a-4f74-9c5b-4a2e4f3a0a32',
      reviewedSkills: { approved: [], notApproved: [], removed: [], custom: [], reviewedBy: path.userId, reviewedAt: path.createdAt },
    };
    const activity = toUserActivity([reviewed, posting], [{ ...path, progress: { courseCount: 4, completedCourseCount: 1, percent: 38 } }]);
    expect(userActivityReplySchema.parse(activity)).toEqual({
      jobDescriptions: [
        { id: reviewed.id, title: 'Data Analyst', createdAt: posting.createdAt, reviewed: true },
        { id: posting.id, title: 'Data Analyst', createdAt: posting.createdAt, reviewed: false },
      ],
      learningPaths: [{ id: path.id, title: 'Data Analyst', createdAt: path.createdAt, courseCount: 4, completedCourseCount: 1, percent: 38 }],
    });
  });

  it('counts a path listed without progress as nothing done yet', () => {
    expect(toUserActivity([], [path]).learningPaths).toEqual([
      { id: path.id, title: 'Data Analyst', createdAt: path.createdAt, courseCount: 0, completedCourseCount: 0, percent: 0 },
    ]);
  });
});
