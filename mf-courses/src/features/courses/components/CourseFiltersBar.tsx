import { SearchOutlined } from '@ant-design/icons';
import { COURSE_CATEGORIES, COURSE_LEVELS, type CourseKind, type CourseLevel, type CourseStatus } from '@masar/contracts';
import { useCurrentUser } from '@masar/shell/runtime';
import { Button, Col, Input, Row, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasActiveFilters, type CourseFilters } from '../course-filters';
import { useCourseText } from '../hooks/useCourseText';
import { useDebouncedCommit } from '../hooks/useDebouncedCommit';

const TYPING_DEBOUNCE_MS = 300;
/** The gateway's limits for `q` and `skill`. */
const SEARCH_MAX_LENGTH = 200;
const SKILL_MAX_LENGTH = 100;

type KindChoice = CourseKind | 'all';
type StatusChoice = CourseStatus | 'all';

export interface CourseFiltersBarProps {
  filters: CourseFilters;
  onChange: (changes: Partial<CourseFilters>) => void;
  onClear: () => void;
}

export function CourseFiltersBar({ filters, onChange, onClear }: CourseFiltersBarProps) {
  const { t } = useTranslation('courses');
  const { categoryName } = useCourseText();
  const { isAdmin } = useCurrentUser();
  const [search, setSearch] = useDebouncedCommit(filters.q, (q) => onChange({ q }), TYPING_DEBOUNCE_MS);
  const [skill, setSkill] = useDebouncedCommit(filters.skill, (value) => onChange({ skill: value }), TYPING_DEBOUNCE_MS);

  return (
    <Row gutter={[12, 12]} align="middle" data-testid="course-filters">
      <Col xs={24} lg={8}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          aria-label={t('filters.searchLabel')}
          placeholder={t('filters.searchPlaceholder')}
          maxLength={SEARCH_MAX_LENGTH}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="courses-search"
        />
      </Col>
      <Col xs={24} sm={12} lg={4}>
        <Input
          allowClear
          aria-label={t('filters.skillLabel')}
          placeholder={t('filters.skillPlaceholder')}
          maxLength={SKILL_MAX_LENGTH}
          value={skill}
          onChange={(event) => setSkill(event.target.value)}
          data-testid="courses-skill"
        />
      </Col>
      <Col xs={24} sm={12} lg={4}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: '100%' }}
          aria-label={t('filters.categoryLabel')}
          placeholder={t('filters.allCategories')}
          value={filters.category || undefined}
          onChange={(category?: string) => onChange({ category: category ?? '' })}
          options={COURSE_CATEGORIES.map((category) => ({ value: category, label: categoryName(category) }))}
          data-testid="courses-category"
        />
      </Col>
      <Col xs={24} sm={12} lg={3}>
        <Select
          allowClear
          style={{ width: '100%' }}
          aria-label={t('filters.levelLabel')}
          placeholder={t('filters.allLevels')}
          value={filters.level}
          onChange={(level?: CourseLevel) => onChange({ level })}
          options={COURSE_LEVELS.map((level) => ({ value: level, label: t(`levels.${level}`) }))}
          data-testid="courses-level"
        />
      </Col>
      <Col xs={24} sm={12} lg={5}>
        <Segmented<KindChoice>
          block
          aria-label={t('filters.kindLabel')}
          value={filters.kind ?? 'all'}
          onChange={(kind) => onChange({ kind: kind === 'all' ? undefined : kind })}
          options={[
            { value: 'all', label: t('filters.kinds.all') },
            { value: 'internal', label: t('filters.kinds.internal') },
            { value: 'external', label: t('filters.kinds.external') },
          ]}
          data-testid="courses-kind"
        />
      </Col>
      {isAdmin && (
        <Col xs={24} sm={12} lg={6}>
          <Segmented<StatusChoice>
            block
            aria-label={t('publishing.filterLabel')}
            value={filters.status ?? 'all'}
            onChange={(status) => onChange({ status: status === 'all' ? undefined : status })}
            options={[
              { value: 'all', label: t('publishing.filter.all') },
              { value: 'published', label: t('publishing.filter.published') },
              { value: 'draft', label: t('publishing.filter.draft') },
            ]}
            data-testid="courses-status"
          />
        </Col>
      )}
      {hasActiveFilters(filters) && (
        <Col xs={24}>
          <Button type="link" onClick={onClear} style={{ paddingInline: 0 }} data-testid="courses-clear-filters">
            {t('filters.clear')}
          </Button>
        </Col>
      )}
    </Row>
  );
}
