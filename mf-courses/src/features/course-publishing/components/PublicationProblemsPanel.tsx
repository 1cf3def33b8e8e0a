import type { CourseDetail, PublicationProblem } from '@masar/contracts';
import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { lessonPath } from '../../courses/course-presentation';

/** Where a problem is fixed: the lesson's own page, the module in the course's content, or the course's fields at the top. */
function targetOf(courseId: string, problem: PublicationProblem): string | null {
  if (problem.lessonId) return lessonPath(courseId, problem.lessonId);
  if (problem.moduleId) return `#${moduleAnchorOf(problem.moduleId)}`;
  return null;
}

/** The id of a module's heading in the course detail, so a problem can link to it. */
export function moduleAnchorOf(moduleId: string): string {
  return `module-${moduleId}`;
}

/** Admins: a draft's "Needs work before publishing" list, each item linking to where it is fixed; once nothing is left, that it is a draft. */
export function PublicationProblemsPanel({ course }: { course: CourseDetail }) {
  const { t } = useTranslation('courses');
  const problems = course.publication?.problems ?? [];
  if (course.publication?.status !== 'draft') return null;
  if (problems.length === 0) return <Alert type="info" showIcon title={t('publishing.draftNotice')} data-testid="publication-draft-notice" />;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="publication-problems"
      title={t('publishing.problems.title', { count: problems.length })}
      description={
        <Flex vertical component="ul" gap={4} style={{ margin: 0, paddingInlineStart: 20 }}>
          {problems.map((problem, index) => {
            const target = targetOf(course.id, problem);
            return (
              <li key={`${problem.kind}-${problem.lessonId ?? problem.moduleId ?? index}`} data-testid="publication-problem" data-kind={problem.kind}>
                <Typography.Text>{t(`publishing.problems.kinds.${problem.kind}`, { title: problem.title ?? '' })}</Typography.Text>{' '}
                {target && (target.startsWith('#') ? <a href={target}>{t('publishing.problems.open')}</a> : <Link to={target}>{t('publishing.problems.open')}</Link>)}
              </li>
            );
          })}
        </Flex>
      }
    />
  );
}
