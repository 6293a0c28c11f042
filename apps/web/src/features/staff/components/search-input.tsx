import type { InputHTMLAttributes } from 'react';
import { STAFF_SEARCH_MAX_LENGTH } from '@huolto/domain';

/**
 * The booking search's text field (the header's and the search page's): `q`, no
 * autocompletion or spelling, a search key on a phone, at most STAFF_SEARCH_MAX_LENGTH.
 */
export function SearchInput({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name'>) {
  return (
    <input
      className={['input', className].filter(Boolean).join(' ')}
      type="search"
      name="q"
      autoComplete="off"
      spellCheck={false}
      enterKeyHint="search"
      maxLength={STAFF_SEARCH_MAX_LENGTH}
      {...props}
    />
  );
}
