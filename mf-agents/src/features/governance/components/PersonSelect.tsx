import { Select } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchPeopleQuery } from '../governance.api';
import { looksLikeUserId } from '../governance-format';

export interface PersonSelectProps {
  value: string | undefined;
  onChange: (userId: string | undefined) => void;
  /** How to name the chosen person when they are not among the search results (a saved budget row). */
  knownLabel?: string;
  ariaLabel: string;
  testId?: string;
  style?: React.CSSProperties;
}

/**
 * Chooses a person from the people list the admin screens use (searched by name, username or
 * email), or by pasting their id: a person who has left the list still has calls in the log.
 */
export function PersonSelect({ value, onChange, knownLabel, ariaLabel, testId, style }: PersonSelectProps) {
  const { t } = useTranslation('governance');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const people = useSearchPeopleQuery(deferredSearch);

  const options = useMemo(() => {
    const found = (people.data?.items ?? []).map((person) => ({
      value: person.id,
      label: `${person.firstName} ${person.lastName} (${person.email})`,
    }));
    const typedId = search.trim().toLowerCase();
    if (looksLikeUserId(typedId) && !found.some((option) => option.value === typedId)) {
      found.unshift({ value: typedId, label: t('people.byId', { id: typedId }) });
    }
    if (value && !found.some((option) => option.value === value)) {
      found.unshift({ value, label: knownLabel ?? t('people.byId', { id: value }) });
    }
    return found;
  }, [people.data, search, value, knownLabel, t]);

  return (
    <Select<string>
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={value}
      onChange={(next) => onChange(next ?? undefined)}
      onClear={() => setSearch('')}
      options={options}
      placeholder={t('people.placeholder')}
      notFoundContent={people.isFetching ? t('people.loading') : t('people.none')}
      aria-label={ariaLabel}
      data-testid={testId}
      style={{ minWidth: 240, ...style }}
    />
  );
}
