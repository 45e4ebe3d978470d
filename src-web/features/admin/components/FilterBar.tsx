import { type FormEvent, useId, useState } from 'react';

export interface FilterField {
  name: string;
  label: string;
  type?: 'text' | 'select' | 'date';
  placeholder?: string;
  options?: { value: string; label: string }[];
}

export type FilterValues = Record<string, string>;

/**
 * Server-side filters for an admin list: the values go into the list query when applied (Enter
 * or "Apply"), so the server filters and pages; nothing is filtered in the browser.
 */
export function FilterBar({
  fields,
  initial = {},
  onApply,
  label = 'Filters',
}: {
  fields: FilterField[];
  initial?: FilterValues;
  onApply: (values: FilterValues) => void;
  label?: string;
}) {
  const [values, setValues] = useState<FilterValues>(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(
      Object.fromEntries(
        Object.entries(values)
          .filter(([, v]) => v.trim() !== '')
          .map(([k, v]) => [k, v.trim()]),
      ),
    );
  };
  const uid = useId();
  return (
    <search aria-label={label}>
      <form className="admin-filters" onSubmit={submit}>
        {fields.map((f) => (
          <label key={f.name} className="select-field" htmlFor={`${uid}-${f.name}`}>
            <span>{f.label}</span>
            {f.type === 'select' ? (
              <select
                id={`${uid}-${f.name}`}
                className="input"
                value={values[f.name] ?? ''}
                onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
              >
                <option value="">Any</option>
                {f.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={`${uid}-${f.name}`}
                className="input"
                type={f.type === 'date' ? 'date' : 'search'}
                placeholder={f.placeholder}
                value={values[f.name] ?? ''}
                onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
              />
            )}
          </label>
        ))}
        <button type="submit" className="btn btn-primary btn-sm">
          Apply
        </button>
      </form>
    </search>
  );
}
