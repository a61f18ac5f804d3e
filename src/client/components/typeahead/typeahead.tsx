// A text box that suggests matches as you type (the project dialog's source types): the search runs once typing
// pauses (200 ms by default), results show in a listbox below, arrows move through them, Enter or a click picks one,
// Escape closes the list. ARIA 1.2 combobox pattern.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { useDebouncedValue } from '../use-debounced';

export interface TypeaheadProps<T> {
  label: ReactNode;
  /** The matches for a text; may be async. Earlier answers arriving late are ignored. */
  search: (text: string) => readonly T[] | Promise<readonly T[]>;
  /** What an option shows, e.g. `producer_model_catalogVersion`. */
  optionLabel: (item: T) => string;
  optionKey?: (item: T) => string | number;
  onSelect: (item: T) => void;
  debounceMs?: number;
  placeholder?: string;
  disabled?: boolean;
  /** Search with an empty text too (show everything on focus). Default false. */
  searchEmpty?: boolean;
  name?: string;
}

export function Typeahead<T>(props: TypeaheadProps<T>): ReactNode {
  const { label, search, optionLabel, optionKey = optionLabel, onSelect, debounceMs = 200, placeholder, disabled, searchEmpty = false, name } = props;
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<readonly T[]>([]);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(text, debounceMs);
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    if (!open || (!searchEmpty && query.trim() === '')) {
      setResults([]);
      return;
    }
    let current = true;
    void Promise.resolve(searchRef.current(query)).then((found) => {
      if (!current) return;
      setResults(found);
      setActive(found.length ? 0 : -1);
    });
    return () => {
      current = false;
    };
  }, [query, open, searchEmpty]);

  const choose = (item: T) => {
    onSelect(item);
    setText('');
    setResults([]);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length) {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + results.length) % results.length);
      }
    } else if (event.key === 'Enter' && open && results[active] !== undefined) {
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation(); // close the list, not the dialog around it
      setOpen(false);
    }
  };

  const showList = open && (results.length > 0 || (query.trim() !== '' && query === text));
  return (
    <div className="typeahead field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="field__input typeahead__input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
        placeholder={placeholder}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => searchEmpty && setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} className="typeahead__list" role="listbox" hidden={!showList}>
        {results.length === 0 ? (
          <li className="typeahead__empty" role="option" aria-disabled="true" aria-selected="false">
            {t('global.noResults')}
          </li>
        ) : (
          results.map((item, index) => (
            <li
              key={optionKey(item)}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className={`typeahead__option${index === active ? ' typeahead__option--active' : ''}`}
              onMouseDown={(event) => event.preventDefault()} // keep focus in the input
              onClick={() => choose(item)}
            >
              {optionLabel(item)}
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
