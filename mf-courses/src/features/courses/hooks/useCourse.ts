import { toApiError } from '@masar/shell/runtime';
import { useGetCourseQuery } from '../courses.api';

/** One course with its modules; `notFound` when the gateway answers 404 (deleted, or a bad link). */
export function useCourse(courseId: string) {
  const { currentData, error, refetch } = useGetCourseQuery(courseId);
  const failure = toApiError(error);
  return {
    course: currentData?.course,
    failure,
    notFound: failure?.status === 404,
    refetch: () => void refetch(),
  };
}
