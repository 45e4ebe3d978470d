import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { applySuggestion, lastEntry } from '#shared/ticker-entry';
import { cycleIndex, orderSuggestions, type TickerSuggestion } from './suggestions';

const DEBOUNCE_MS = 120;

/**
 * The tickers field: comma-separated entries, uppercased as typed; the last entry is looked up
 * once it has a character. Arrows cycle (or the pointer, when it moves), Enter or Tab pick, Escape closes; a pick
 * appends 'TICKER, '.
 */
export function TickerTypeahead({
  id,
  value,
  onChange,
  search,
  describedBy,
  invalid,
  autoFocus,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  search: (query: string) => Promise<TickerSuggestion[]>;
  describedBy?: string;
  invalid?: boolean;
  autoFocus?: boolean;
}) {
  const listId = useId();
  const [suggestions, setSuggestions] = useState<TickerSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState(false);
  const request = useRef(0);
  const query = lastEntry(value);
  // The list closes a moment after the input loses focus (so a click on an option lands first);
  // the timer goes with the component, or it fires after an unmount (a test's teardown: "window is
  // not defined").
  const closing = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closing.current), []);

  useEffect(() => {
    if (!typed || query.length < 1) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    const seq = ++request.current;
    const timer = window.setTimeout(() => {
      search(query)
        .then((results) => {
          if (seq !== request.current) return;
          setSuggestions(orderSuggestions(results, query));
          setActive(-1);
          setOpen(results.length > 0);
        })
        .catch(() => {
          // A failed lookup is silent: the entry stays as typed.
          if (seq === request.current) setOpen(false);
        });
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query, typed, search]);

  const pick = (suggestion: TickerSuggestion) => {
    request.current++;
    setTyped(false);
    setOpen(false);
    setActive(-1);
    onChange(applySuggestion(value, suggestion.ticker));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
      }
      return;
    }
    if (!open || suggestions.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => cycleIndex(i, suggestions.length, event.key === 'ArrowDown' ? 1 : -1));
    } else if ((event.key === 'Enter' || event.key === 'Tab') && active >= 0) {
      event.preventDefault();
      pick(suggestions[active]!);
    }
  };

  const optionId = (i: number) => `${listId}-opt-${i}`;
  return (
    <div className="typeahead">
      <input
        id={id}
        type="text"
        role="combobox"
        className="input"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        // biome-ignore lint/a11y/noAutofocus: only when the caller asks: the add form opened on purpose, its one field
        autoFocus={autoFocus}
        placeholder="AAPL, MSFT or a company name"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(event) => {
          setTyped(true);
          onChange(event.target.value.toUpperCase());
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          window.clearTimeout(closing.current);
          closing.current = window.setTimeout(() => setOpen(false), 150);
        }}
      />
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern: focus stays in the input, which points at an option with aria-activedescendant */}
      <ul id={listId} role="listbox" aria-label="Ticker suggestions" className="typeahead__list" hidden={!open}>
        {suggestions.map((s, i) => (
          // biome-ignore lint/a11y: an option of the combobox's listbox: the input's arrow keys and Enter choose it (aria-activedescendant), the mouse clicks it
          <li
            key={s.ticker}
            id={optionId(i)}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the combobox pattern (see the listbox above)
            role="option"
            aria-selected={i === active}
            className={i === active ? 'typeahead__option typeahead__option--active' : 'typeahead__option'}
            onMouseDown={(event) => event.preventDefault()}
            // Only a pointer that moves picks: the list opens under a pointer left resting where the "Add Your First
            // Ticker" button was, and a hover from that (Chrome sends one when layout moves under the pointer) made
            // Enter add JPM-PC, the second suggestion, for a typed "jpm".
            onMouseMove={(event) => {
              if (event.movementX !== 0 || event.movementY !== 0) setActive(i);
            }}
            onClick={() => pick(s)}
          >
            <span className="typeahead__ticker">{s.ticker}</span>
            <span className="typeahead__name">{s.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
