import { ArrowLeftOutlined, ClockCircleOutlined, DeleteOutlined, GlobalOutlined, PartitionOutlined, TeamOutlined } from '@ant-design/icons';
import type { CourseDetail } from '@masar/contracts';
import { directionOf, useCurrentUser, useDurationText } from '@masar/shell/runtime';
import { Button, Card, Collapse, Empty, Flex, Skeleton, Space, Tag, theme, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AddModulesButton } from '../../course-authoring/components/AddModulesButton';
import { CourseProgressCard } from '../../course-progress/components/CourseProgressCard';
import { LessonProgressIcon } from '../../course-progress/components/LessonProgressIcon';
import { useCourseProgress } from '../../course-progress/hooks/useCourseProgress';
import { lessonTypeColor } from '../../lessons/lesson-types';
import { lessonPath } from '../course-presentation';
import { levelTagColor } from '../course-levels';
import { useCourse } from '../hooks/useCourse';
import { useCourseText } from '../hooks/useCourseText';
import { EditCourseButton } from '../../course-editing/components/EditCourseButton';
import { useDeleteCourse } from '../hooks/useDeleteCourse';
import { CourseTile } from './CourseTile';
import { CourseUnavailable } from './CourseUnavailable';
import { ExternalCourseLink } from './ExternalCourseLink';
import { AiWrittenLabel } from '../../ai-labels/components/AiWrittenLabel';
import { NarrationPlayer } from '../../narration/components/NarrationPlayer';
import { NarrateCourseButton } from '../../narration/components/NarrateCourseButton';
import { PlayLessonAudioButton } from '../../narration/components/PlayLessonAudioButton';
import { moduleAnchorOf, PublicationProblemsPanel } from '../../course-publishing/components/PublicationProblemsPanel';
import { PublicationTag } from '../../course-publishing/components/PublicationTag';
import { PublishCourseButton } from '../../course-publishing/components/PublishCourseButton';

/** Admins only, and only in "Edit structure": loaded then, so learners' course pages do not carry the drag-and-drop code. */
const CourseStructureEditor = lazy(() => import('../../course-editing/components/CourseStructureEditor').then((module) => ({ default: module.CourseStructureEditor })));

function CourseContent({ course, completedLessonIds }: { course: CourseDetail; completedLessonIds: ReadonlySet<string> }) {
  const { t } = useTranslation('courses');
  const durationText = useDurationText();
  const navigate = useNavigate();
  if (course.kind === 'external') {
    return (
      <Flex vertical gap="small" align="start" data-testid="external-course-content">
        <Typography.Text>{t('detail.externalContent', { provider: course.provider ?? t('card.providerUnknown') })}</Typography.Text>
        <ExternalCourseLink course={course} />
      </Flex>
    );
  }
  if (course.modules.length === 0) return <Empty description={t('detail.noModules')} data-testid="course-no-modules" />;
  return (
    // Module and lesson titles are the catalog's English text, whatever the interface language.
    <div lang={course.language ?? 'en'}>
      <Collapse
        defaultActiveKey={[course.modules[0].id]}
        data-testid="course-modules"
        items={course.modules.map((module, index) => ({
          key: module.id,
          label: (
            <Flex vertical gap={2} id={moduleAnchorOf(module.id)} data-testid="course-module">
              <Typography.Text strong dir="auto">
                {t('detail.moduleHeading', { number: index + 1, title: module.title })}
              </Typography.Text>
              <Typography.Text type="secondary" dir="auto">
                {module.description}
              </Typography.Text>
              <Typography.Text type="secondary">{t('detail.lessonCount', { total: module.lessons.length })}</Typography.Text>
            </Flex>
          ),
          children:
            module.lessons.length === 0 ? (
              <Typography.Text type="secondary">{t('detail.noLessons')}</Typography.Text>
            ) : (
              <Flex vertical component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {module.lessons.map((lesson) => (
                  <li key={lesson.id}>
                    <Flex
                      justify="space-between"
                      align="center"
                      gap="small"
                      wrap
                      style={{ cursor: 'pointer', padding: '10px 4px', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
                      onClick={() => navigate(lessonPath(course.id, lesson.id))}
                      data-testid="course-lesson"
                    >
                      <Flex gap="small" align="center" wrap>
                        <LessonProgressIcon type={lesson.type} completed={completedLessonIds.has(lesson.id)} />
                        <Link to={lessonPath(course.id, lesson.id)} onClick={(event) => event.stopPropagation()} dir="auto">
                          {lesson.title}
                        </Link>
                        <Typography.Text type="secondary">
                          <ClockCircleOutlined /> {durationText(lesson.duration)}
                        </Typography.Text>
                      </Flex>
                      <Flex gap="small" align="center">
                        <PlayLessonAudioButton
                          target={{ courseId: course.id, moduleId: module.id, lessonId: lesson.id, title: lesson.title, text: lesson.content }}
                        />
                        <Tag color={lessonTypeColor(lesson.type)}>{t(`lessonTypes.${lesson.type}`)}</Tag>
                      </Flex>
                    </Flex>
                  </li>
                ))}
              </Flex>
            ),
        }))}
      />
    </div>
  );
}

/** `/courses/:courseId`: one course with its modules and lessons (spec document 2, section 2). */
export function CourseDetailPage() {
  const { token } = theme.useToken();
  const { courseId = '' } = useParams();
  const { t } = useTranslation('courses');
  const durationText = useDurationText();
  const navigate = useNavigate();
  const { isAdmin } = useCurrentUser();
  const { confirmDelete } = useDeleteCourse();
  const { textOf, formatName, categoryName } = useCourseText();
  const { course, failure, notFound, refetch } = useCourse(courseId);
  const progress = useCourseProgress(course);
  const [editingStructure, setEditingStructure] = useState(false);

  const back = (
    <Link to="/courses" data-testid="back-to-courses">
      <ArrowLeftOutlined className="masar-flip-rtl" /> {t('detail.backToCourses')}
    </Link>
  );

  if (!course) {
    return (
      <Flex vertical gap="large" className="masar-page" style={{ maxWidth: 1000, marginInline: 'auto' }}>
        {back}
        <CourseUnavailable failure={failure} notFound={notFound} onRetry={refetch} />
      </Flex>
    );
  }

  const { title, description, titleLang, descriptionLang } = textOf(course);
  return (
    <Flex vertical gap="large" className="masar-page" style={{ maxWidth: 1000, marginInline: 'auto' }} data-testid="course-detail">
      {back}
      <Flex gap="large" align="start" wrap>
        <CourseTile course={course} width={112} height={112} fontSize={22} />
        <Flex vertical gap="small" style={{ flex: 1, minWidth: 240 }}>
          <Flex justify="space-between" align="start" gap="small">
            <Typography.Title level={2} style={{ margin: 0, direction: directionOf(titleLang) }} lang={titleLang} dir={directionOf(titleLang)}>
              {title}
            </Typography.Title>
            {isAdmin && (
              <Space wrap>
                {/* External training has no modules of ours to add to. */}
                <PublishCourseButton course={course} title={title} />
                {course.kind !== 'external' && <EditCourseButton course={course} />}
                {course.kind !== 'external' && <AddModulesButton courseId={course.id} published={course.publication?.status === 'published'} />}
                {course.kind !== 'external' && <NarrateCourseButton courseId={course.id} />}
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => confirmDelete({ id: course.id, title }, () => navigate('/courses', { replace: true }))}
                  data-testid="delete-course"
                >
                  {t('detail.delete')}
                </Button>
              </Space>
            )}
          </Flex>
          <Flex gap="middle" wrap>
            <Typography.Text type="secondary">
              <ClockCircleOutlined /> {t('card.duration', { duration: durationText(course.duration) })}
            </Typography.Text>
            <Typography.Text type="secondary">
              <TeamOutlined /> {t('detail.department', { department: course.departmentOwner })}
            </Typography.Text>
            <Typography.Text type="secondary">{t('card.format', { format: formatName(course.format) })}</Typography.Text>
            {course.estimatedHours != null && (
              <Typography.Text type="secondary">{t('detail.estimatedHours', { hours: course.estimatedHours })}</Typography.Text>
            )}
          </Flex>
          <Flex gap={4} wrap>
            {course.level && <Tag color={levelTagColor(course.level)}>{t(`levels.${course.level}`)}</Tag>}
            {course.kind === 'external' ? (
              <Tag icon={<GlobalOutlined />} color="purple">
                {course.provider ? t('card.provider', { provider: course.provider }) : t('card.external')}
              </Tag>
            ) : (
              <Tag color="blue">{t('card.internal')}</Tag>
            )}
            {course.category && <Tag>{categoryName(course.category)}</Tag>}
            <PublicationTag status={course.status} />
          </Flex>
          <AiWrittenLabel label={course.aiLabel} testId="course-ai-label" />
        </Flex>
      </Flex>

      <PublicationProblemsPanel course={course} />

      <CourseProgressCard progress={progress} />

      <Card>
        <Flex vertical gap="middle">
          <Typography.Paragraph style={{ margin: 0, direction: directionOf(descriptionLang) }} lang={descriptionLang} dir={directionOf(descriptionLang)} data-testid="course-description">
            {description}
          </Typography.Paragraph>
          {course.objective && (
            <div data-testid="course-objective">
              <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5 }}>{t('detail.objectives')}</Typography.Title>
              <Typography.Paragraph style={{ margin: 0 }} lang="en" dir="auto">
                {course.objective}
              </Typography.Paragraph>
            </div>
          )}
          {course.prerequisites.length > 0 && (
            <div data-testid="course-prerequisites">
              <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5 }}>{t('detail.prerequisites')}</Typography.Title>
              <Flex gap={4} wrap lang="en">
                {course.prerequisites.map((prerequisite) => (
                  <Tag key={prerequisite}>{prerequisite}</Tag>
                ))}
              </Flex>
            </div>
          )}
          {(course.skills ?? []).length > 0 && (
            <div data-testid="course-skill-list">
              <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5 }}>{t('detail.skills')}</Typography.Title>
              <Flex gap={4} wrap>
                {(course.skills ?? []).map((skill) => (
                  <Link key={skill} to={`/courses?skill=${encodeURIComponent(skill)}`}>
                    <Tag color="processing">{skill}</Tag>
                  </Link>
                ))}
              </Flex>
            </div>
          )}
        </Flex>
      </Card>

      <Flex vertical gap="middle">
        <Flex justify="space-between" align="center" gap="small" wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('detail.content')}
          </Typography.Title>
          {isAdmin && course.kind !== 'external' && (
            <Button
              icon={<PartitionOutlined />}
              type={editingStructure ? 'primary' : 'default'}
              onClick={() => setEditingStructure((on) => !on)}
              data-testid="edit-structure"
            >
              {editingStructure ? t('structure.done') : t('structure.edit')}
            </Button>
          )}
        </Flex>
        {editingStructure && isAdmin && course.kind !== 'external' ? (
          <Suspense fallback={<Skeleton active />}>
            <CourseStructureEditor course={course} />
          </Suspense>
        ) : (
          <NarrationPlayer>
            <CourseContent course={course} completedLessonIds={progress.completedLessonIds} />
          </NarrationPlayer>
        )}
      </Flex>
    </Flex>
  );
}
