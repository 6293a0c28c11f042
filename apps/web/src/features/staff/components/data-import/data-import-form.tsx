import './data-import.css';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  DATA_FILES,
  DATA_FILES_SKIPPING_REFUSED,
  DATA_FILE_LABELS,
  DATA_IMPORT_MAX_CHARS,
  type DataFile,
  type DataImportError,
  type DataImportResult,
} from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { Field, describedBy } from '@/components/ui/field.tsx';
import { importErrorsOf, useImportData } from '@/features/staff/api/import-data.ts';
import { ProblemNotice } from '@/features/staff/components/problem-notice.tsx';
import { showRefusal } from '@/features/staff/form-refusal.ts';
import { DataImportChanges, changesSomething } from './data-import-changes.tsx';
import { DataImportColumns } from './data-import-columns.tsx';
import { DataImportErrors } from './data-import-errors.tsx';

/**
 * The form: which file, and the file itself (read in the browser as text). The body the
 * server gets is the domain's dataImportBody; its `file` and `csv` name these two fields.
 */
const importFormSchema = z.object({
  file: z.enum(DATA_FILES, { error: 'Valitse tiedoston tyyppi' }),
  csv: z.custom<ArrayLike<File>>((v) => typeof v === 'object' && v !== null && (v as ArrayLike<unknown>)[0] instanceof Blob, {
    message: 'Valitse CSV-tiedosto',
  }),
});
type ImportFormInput = z.input<typeof importFormSchema>;
type ImportFormValues = z.output<typeof importFormSchema>;

const REFUSABLE = ['file', 'csv'] as const;

const NOT_UTF8 = 'Tiedosto ei ole UTF-8-muodossa. Tallenna se Excelissä muodossa "CSV UTF-8 (luetteloerottimin eroteltu)" ja valitse uudelleen.';
const TOO_LARGE = `Tiedosto on liian suuri: enintään ${DATA_IMPORT_MAX_CHARS.toLocaleString('fi-FI')} merkkiä. Jaa se osiin.`;

/** The files whose refused rows may be left out: their check answers the rest, and they import it on request. */
const skipsRefused = (file: DataFile) => DATA_FILES_SKIPPING_REFUSED.includes(file);

/** The file's bytes (FileReader: Blob.arrayBuffer is younger than some browsers the office may use). */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * The file read and checked in the browser: its text (UTF-8, a BOM dropped), or why it is not
 * sent: a file in another encoding (Excel's "CSV (luetteloerottimin eroteltu)" writes
 * Windows-1252) would otherwise arrive with its ä and ö broken.
 */
async function readCsv(file: Blob): Promise<{ csv: string } | { error: string }> {
  // At most three bytes a character (and a BOM): a larger file is not read into memory at all.
  if (file.size > 3 * DATA_IMPORT_MAX_CHARS + 3) return { error: TOO_LARGE };
  let csv: string;
  try {
    csv = new TextDecoder('utf-8', { fatal: true }).decode(await readBytes(file));
  } catch (err) {
    return { error: err instanceof TypeError ? NOT_UTF8 : 'Tiedoston lukeminen ei onnistunut. Valitse se uudelleen.' };
  }
  if (csv.length > DATA_IMPORT_MAX_CHARS) return { error: TOO_LARGE };
  if (csv.trim() === '') return { error: 'Tiedosto on tyhjä' };
  return { csv };
}

/** A checked file waiting for 'Tuo muutokset': exactly the text and kind the dry run read. */
interface Checked {
  file: DataFile;
  csv: string;
  result: DataImportResult;
}

/**
 * 'Tuo CSV-tiedosto' (docs/conventions.md "Back-office screens"): the file's kind and the file;
 * 'Tarkista' runs the import without changing anything and shows what would change; 'Tuo
 * muutokset' then imports that same text and shows what changed. A file the server refuses
 * lists its rows with their line, column and message, and nothing changes. The tire list and
 * the register are checked leaving their refused rows out (skipRefused): the check lists those
 * rows and what the rest would change, and 'Tuo ohittaen hylätyt rivit' imports the rest.
 */
export function DataImportForm({ announce }: { announce: (message: string) => void }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ImportFormInput, unknown, ImportFormValues>({ defaultValues: { file: DATA_FILES[0] }, resolver: zodResolver(importFormSchema) });
  const importData = useImportData();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [applied, setApplied] = useState<DataImportResult | null>(null);
  const [refused, setRefused] = useState<DataImportError[]>([]);

  /** A new choice of kind or file makes the last check and result stale. */
  const clearOutcome = () => {
    setChecked(null);
    setApplied(null);
    setRefused([]);
  };

  const onRefused = (error: unknown) => {
    const rows = importErrorsOf(error);
    if (rows.length > 0) {
      setRefused(rows);
      announce(`Tiedostossa on ${rows.length} virhettä. Mitään ei tuotu.`);
    } else {
      showRefusal(error, setError, REFUSABLE);
    }
  };

  const onCheck = async (values: ImportFormValues) => {
    clearOutcome();
    const read = await readCsv(values.csv[0]!);
    if ('error' in read) {
      setError('csv', { type: 'validate', message: read.error }, { shouldFocus: true });
      return;
    }
    importData.mutate(
      { file: values.file, csv: read.csv, apply: false, ...(skipsRefused(values.file) && { skipRefused: true }) },
      {
        onSuccess: (result) => {
          setChecked({ file: values.file, csv: read.csv, result });
          const { counts } = result;
          const outOfStock = counts.OUT_OF_STOCK > 0 ? `, ${counts.OUT_OF_STOCK} loppuu varastosta` : '';
          const refusedRows = result.refused.length > 0 ? ` ${new Set(result.refused.map((e) => e.line)).size} riviä hylätään.` : '';
          announce(`Tarkistettu: ${counts.CREATE} lisättävää, ${counts.UPDATE} muutettavaa, ${counts.UNCHANGED} ennallaan${outOfStock}.${refusedRows}`);
        },
        onError: onRefused,
      },
    );
  };

  /** Imports the checked text; with refused rows in the check, the rest of it (skipRefused). */
  const onApply = () => {
    if (!checked) return;
    const skipRefused = checked.result.refused.length > 0;
    importData.mutate(
      { file: checked.file, csv: checked.csv, apply: true, ...(skipRefused && { skipRefused }) },
      {
        onSuccess: (result) => {
          setChecked(null);
          setApplied(result);
          const skippedRows = new Set(result.refused.map((e) => e.line)).size;
          announce(skippedRows > 0 ? `Muutokset tuotu. ${skippedRows} riviä ohitettiin.` : 'Muutokset tuotu.');
        },
        onError: (error) => {
          setChecked(null);
          onRefused(error);
        },
      },
    );
  };

  const fileField = register('file', { onChange: clearOutcome });
  const csvField = register('csv', { onChange: clearOutcome });
  const chosenFile = useWatch({ control, name: 'file' });
  const hasChanges = checked !== null && changesSomething(checked.result);
  const skipping = checked !== null && checked.result.refused.length > 0;

  return (
    <>
      <section className="card data-import__form" aria-labelledby={id('heading')}>
        <h2 id={id('heading')} className="card__title">
          Tuo CSV-tiedosto
        </h2>
        <form className="form-stack" onSubmit={(e) => void handleSubmit(onCheck)(e)} noValidate>
          <Field id={id('file')} label="Tiedosto" required hint="Tuo ensin toimipisteet: muut tiedostot viittaavat toimipisteiden tunnuksiin." error={errors.file?.message}>
            <select
              id={id('file')}
              className="input"
              aria-required="true"
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={describedBy(id('file'), { hint: true, error: Boolean(errors.file) })}
              {...fileField}
            >
              {DATA_FILES.map((file, i) => (
                <option key={file} value={file}>
                  {i + 1}. {DATA_FILE_LABELS[file]}
                </option>
              ))}
            </select>
          </Field>
          <DataImportColumns file={chosenFile} />
          <Field
            id={id('csv')}
            label="CSV-tiedosto"
            required
            hint="UTF-8-tekstiä, sarakkeet puolipisteellä tai pilkulla eroteltuina ja otsikkorivi ensin. Sarakkeet on lueteltu yllä."
            error={errors.csv?.message}
          >
            <input
              id={id('csv')}
              type="file"
              accept=".csv,text/csv"
              className="input"
              aria-required="true"
              aria-invalid={errors.csv ? true : undefined}
              aria-describedby={describedBy(id('csv'), { hint: true, error: Boolean(errors.csv) })}
              {...csvField}
            />
          </Field>
          <ProblemNotice message={errors.root?.server?.message} />
          <div className="data-import__actions">
            <Button type="submit" variant="secondary" disabled={importData.isPending}>
              Tarkista
            </Button>
          </div>
        </form>
      </section>

      {refused.length > 0 && <DataImportErrors errors={refused} />}

      {checked && (
        <>
          {skipping && <DataImportErrors errors={checked.result.refused} skipped={{ applied: false }} />}
          <DataImportChanges result={checked.result} />
          {hasChanges && (
            <div className="data-import__actions">
              <Button onClick={onApply} disabled={importData.isPending}>
                {skipping ? 'Tuo ohittaen hylätyt rivit' : 'Tuo muutokset'}
              </Button>
            </div>
          )}
        </>
      )}

      {applied && (
        <>
          {applied.refused.length > 0 && <DataImportErrors errors={applied.refused} skipped={{ applied: true }} />}
          <DataImportChanges result={applied} />
        </>
      )}
    </>
  );
}
