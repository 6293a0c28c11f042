import '@/features/staff/components/personal-data/personal-data.css';
import { useState } from 'react';
import { fieldErrors } from '@/lib/form-errors.ts';
import { useSearchPersonalData, type PersonalDataQueryValues } from '@/features/staff/api/search-personal-data.ts';
import { PersonalDataActions } from '@/features/staff/components/personal-data/personal-data-actions.tsx';
import { erasedText, foundText, nothingFound } from '@/features/staff/components/personal-data/personal-data-counts.ts';
import { PersonalDataResults } from '@/features/staff/components/personal-data/personal-data-results.tsx';
import { PersonalDataSearchForm } from '@/features/staff/components/personal-data/personal-data-search-form.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';

/**
 * /hallinta/henkilotiedot — a person's data on request, for an admin: find what is held by
 * e-mail, phone or plate, download it as one file, erase it. The query stays in the page's
 * state only (never in the address); after an erasure the form is emptied and the search
 * removed from the cache, and only the counts of what was erased remain.
 */
export function PersonalDataPage() {
  const { me } = useStaff();
  const admin = me?.role === 'ADMIN';
  const [query, setQuery] = useState<PersonalDataQueryValues | null>(null);
  const [erased, setErased] = useState<string | null>(null);
  // A new key empties the form after an erasure.
  const [formKey, setFormKey] = useState(0);
  const search = useSearchPersonalData(admin ? query : null);
  const refusedFields = search.isError && fieldErrors(search.error).length > 0;

  const status = query === null ? (erased ?? '') : search.data ? foundText(search.data) : search.isFetching ? 'Haetaan…' : '';

  return (
    <div className="staff-page personal-data">
      <StaffPageTitle documentTitle="Henkilötiedot">Henkilötiedot</StaffPageTitle>
      {!admin ? (
        <p className="notice notice--warning">Vain pääkäyttäjä voi käsitellä henkilötietopyyntöjä.</p>
      ) : (
        <>
          <p className="muted">
            Asiakkaan pyynnöstä: hae, mitä hänestä on tallennettu, lataa tiedot hänelle ja poista ne. Tarkista henkilöllisyys ennen kuin annat tai
            poistat tietoja.
          </p>
          <PersonalDataSearchForm
            key={formKey}
            focusFirst={formKey > 0}
            pending={search.isFetching}
            refusal={search.isError ? search.error : null}
            onSearch={(q) => {
              setErased(null);
              setQuery(q);
              // The same query again: read it anew (a booking may have been cancelled meanwhile).
              if (query && JSON.stringify(q) === JSON.stringify(query)) void search.refetch();
            }}
          />
          {/* One live region for what the search or the erasure came to. */}
          <p className={erased && query === null ? 'notice notice--success personal-data__status' : 'personal-data__status'} role="status">
            {status}
          </p>
          {query !== null && search.isError && !refusedFields && <LoadError error={search.error} onRetry={() => void search.refetch()} />}
          {query !== null && search.data && (
            <>
              <PersonalDataResults found={search.data} />
              {!nothingFound(search.data) && (
                <PersonalDataActions
                  query={query}
                  found={search.data}
                  onErased={(counts) => {
                    setQuery(null);
                    setErased(erasedText(counts));
                    setFormKey((k) => k + 1);
                  }}
                />
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
