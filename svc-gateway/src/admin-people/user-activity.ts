import type { JobDescriptionList, LearningPathList, UserActivityReply } from '@masar/contracts';

/**
 * A person's job descriptions and learning paths, newest first, in the admin people view's shape.
 * A path's progress is svc-progress' own count; a path listed without it has none recorded (0 of its
 * courses), never an invented figure.
 */
export function toUserActivity(jobDescriptions: JobDescriptionList['items'], learningPaths: LearningPathList['items']): UserActivityReply {
  return {
    jobDescriptions: jobDescriptions.map((posting) => ({
      id: posting.id,
      title: posting.title,
      createdAt: posting.createdAt,
      reviewed: posting.reviewedSkills !== null,
    })),
    learningPaths: learningPaths.map((path) => ({
      id: path.id,
      title: path.jobTitle,
      createdAt: path.createdAt,
      courseCount: path.progress?.courseCount ?? path.courses.length,
      completedCourseCount: path.progress?.completedCourseCount ?? 0,
      percent: path.progress?.percent ?? 0,
    })),
  };
}
