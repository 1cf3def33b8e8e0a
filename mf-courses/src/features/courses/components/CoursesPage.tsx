import { Navigate, Route, Routes, useSearchParams } from 'react-router-dom';
import { ExerciseReviewPage } from '../../lesson-practice/components/ExerciseReviewPage';
import { LessonView } from '../../lessons/components/LessonView';
import { coursePath } from '../course-presentation';
import { CourseDetailPage } from './CourseDetailPage';
import { CourseListPage } from './CourseListPage';

/**
 * Spec document 2: `/courses?courseId=…&action=start|continue|view` opens a course (the progress
 * screen links that way). All three open the course detail, where the lessons are listed;
 * which lesson to continue from needs the learner's progress, which this screen does not read.
 */
function CoursesIndex() {
  const [searchParams] = useSearchParams();
  const courseId = searchParams.get('courseId');
  if (courseId) return <Navigate to={coursePath(courseId)} replace />;
  return <CourseListPage />;
}

/** Everything under `/courses/*`, which the shell hands to this remote. */
export function CoursesPage() {
  return (
    <Routes>
      <Route index element={<CoursesIndex />} />
      <Route path=":courseId" element={<CourseDetailPage />} />
      <Route path=":courseId/lessons/:lessonId" element={<LessonView />} />
      <Route path=":courseId/lessons/:lessonId/submissions" element={<ExerciseReviewPage />} />
      <Route path="*" element={<Navigate to="/courses" replace />} />
    </Routes>
  );
}
