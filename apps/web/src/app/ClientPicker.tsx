import { useClientList } from '@salondesk/react';
import { useMemo, useState } from 'react';
import { SearchSelect, type SearchSelectOption } from '../ui/SearchSelect';
import { useDebounced } from './useDebounced';
import { usePhoneFormat } from './usePhoneFormat';

/** How many matches the picker lists. */
const PICKER_MATCHES = 8;

export interface ClientPickerProps {
  businessId: number;
  value: SearchSelectOption | null;
  onChange: (client: SearchSelectOption | null) => void;
  label?: string;
  hint?: string;
  error?: string | null;
  className?: string;
}

/**
 * Picks one client of the location by name, phone in any format or email (the client list's own
 * search, `clients.list?q=`), showing the phone or email that tells two clients of the same name apart.
 */
export function ClientPicker({ businessId, value, onChange, label = 'Client', hint, error, className }: ClientPickerProps) {
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), 250);
  const phone = usePhoneFormat(businessId);
  const list = useClientList(businessId, { q, page_size: PICKER_MATCHES }, q !== '');
  const options = useMemo<SearchSelectOption[]>(
    () => (q === '' ? [] : (list.data?.rows ?? []).map((c) => ({ id: c.id, label: c.name, detail: [c.phone ? phone(c.phone) : null, c.email].filter(Boolean).join(' · ') || undefined }))),
    [list.data, phone, q],
  );
  return (
    <SearchSelect
      label={label}
      placeholder="Name, phone or email"
      hint={hint}
      error={error ?? (list.isError ? list.error.message : null)}
      className={className}
      value={value}
      onChange={onChange}
      query={query}
      onQueryChange={setQuery}
      options={options}
      loading={list.isFetching || q !== query.trim()}
      emptyText="No client matches"
    />
  );
}
