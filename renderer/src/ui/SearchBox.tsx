import { t } from '../i18n';
import { useEffect, useRef, useState } from 'react';

interface SearchBoxProps {
  value: string;
  onSearch: (q: string) => void;
  placeholder?: string;
  delay?: number;
  name?: string;
  id?: string;
  /** Accessible name (defaults to the placeholder). */
  label?: string;
  type?: 'search' | 'text' | 'number';
  className?: string;
}

/** Free-text filter: applies after a pause (spec §9: 500 ms) or at once on Enter. */
export function SearchBox({
  value,
  onSearch,
  placeholder = t('Search…'),
  delay = 500,
  name = 'q',
  id,
  label,
  type = 'search',
  className = 'search-box',
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const last = useRef(value);
  const onSearchRef = useRef(onSearch);

  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);

  useEffect(() => {
    setText(value);
    last.current = value;
  }, [value]);

  useEffect(() => {
    if (text === last.current) return undefined;
    const timer = window.setTimeout(() => {
      last.current = text;
      onSearchRef.current(text);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [text, delay]);

  return (
    <input
      type={type}
      id={id}
      className={className}
      name={name}
      value={text}
      placeholder={placeholder}
      aria-label={label ?? placeholder}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          last.current = text;
          onSearchRef.current(text);
        }
      }}
    />
  );
}
