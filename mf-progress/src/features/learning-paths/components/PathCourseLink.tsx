import { ExportOutlined } from '@ant-design/icons';
import type { LearningPathCourse } from '@masar/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A path course's way in: Masar's own courses open their page, external training opens the
 * provider's site in a new tab (without handing it this window). A course deleted from the catalog
 * has no way in: its page is gone, and its old URL is not ours to vouch for any more.
 */
export function PathCourseLink({ course, children }: { course: LearningPathCourse; children: ReactNode }) {
  if (course.removed) return <>{children}</>;
  if (course.kind === 'external') {
    if (!course.url) return <>{children}</>;
    return (
      <a href={course.url} target="_blank" rel="noopener noreferrer" data-testid="path-course-link">
        {children} <ExportOutlined className="masar-flip-rtl" />
      </a>
    );
  }
  return (
    <Link to={`/courses/${course.courseId}`} data-testid="path-course-link">
      {children}
    </Link>
  );
}
