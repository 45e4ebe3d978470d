import { useEffect, useId, useRef, useState } from 'react';
import { COPY } from '#shared/copy';
import { isFormSelected, NO_FORMS, selectAllForms, toggleFormFilter, unselectAllForms } from './watchlist-filters';

/** Filing-type multi-select: Select All, Unselect All, one checkbox per type. */
export function FormTypeFilter({
  options,
  selected,
  onChange,
}: {
  options: string[];
  selected: string[];
  onChange: (next: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const count = selected.length === 0 ? options.length : selected.includes(NO_FORMS) ? 0 : selected.length;
  const summary = selected.length === 0 ? 'All types' : `${count} of ${options.length}`;

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !wrapper.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="multi-select" ref={wrapper}>
      <button
        type="button"
        className="select-btn"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        Filing types: {summary}
      </button>
      <fieldset id={panelId} className="bare-fieldset multi-select__panel" aria-label="Filing types" hidden={!open}>
        <div className="multi-select__bulk">
          <button type="button" className="link-btn" onClick={() => onChange(selectAllForms())}>
            {COPY.selectAll}
          </button>
          <button type="button" className="link-btn" onClick={() => onChange(unselectAllForms())}>
            {COPY.unselectAll}
          </button>
        </div>
        {options.map((form) => (
          <label key={form} className="check">
            <input
              type="checkbox"
              checked={isFormSelected(selected, form)}
              onChange={() => onChange(toggleFormFilter(selected, form, options))}
            />
            {form}
          </label>
        ))}
        {options.length === 0 && <p className="muted">No filing types yet.</p>}
      </fieldset>
    </div>
  );
}
