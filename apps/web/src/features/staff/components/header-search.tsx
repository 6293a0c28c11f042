import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { staffPaths } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { SearchInput } from './search-input.tsx';

/** The header's booking search, on every page: goes to the search page with the text. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    void navigate(staffPaths.search(text.trim()));
    // The search page has its own field with the text: this one is ready for the next call.
    setText('');
  }

  return (
    <form className="staff-header__search" role="search" aria-label="Varausten pikahaku" noValidate onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        Hae varausta
      </label>
      <SearchInput
        id={id}
        className="staff-header__search-input"
        placeholder="Rekisterinumero, nimi, puhelin…"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" variant="secondary">
        Hae
      </Button>
    </form>
  );
}
