import './catalogue.css';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { formatEuros, tireStockBody, type TireAdmin } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { useUpdateTireStock } from '@/features/staff/api/update-tire-stock.ts';
import { useUploadTireImage } from '@/features/staff/api/upload-tire-image.ts';
import { StaffTable } from '@/features/staff/components/staff-table.tsx';
import { messageOf } from '@/lib/form-errors.ts';
import { mediaUrl } from '@/lib/media.ts';
import { imageProblem } from './service-images.tsx';

const tireName = (t: TireAdmin) => `${t.make} ${t.model} ${t.size}`;

/** A tire's stock as a number field and its save button; a refusal shows under it. */
function StockEditor({ tire, announce }: { tire: TireAdmin; announce: (message: string) => void }) {
  const uid = useId();
  const [value, setValue] = useState(String(tire.stock));
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateTireStock();

  const save = (e: FormEvent) => {
    e.preventDefault();
    const typed = value.trim();
    const parsed = /^-?\d{1,9}$/.test(typed) ? tireStockBody.safeParse({ stock: Number(typed) }) : null;
    if (!parsed?.success) {
      setProblem(parsed?.error.issues[0]?.message ?? 'Varasto kappaleina, esimerkiksi 8');
      return;
    }
    setProblem(null);
    update.mutate(
      { productId: tire.productId, stock: parsed.data.stock },
      { onSuccess: () => announce(`Varasto tallennettu: ${tireName(tire)}, ${parsed.data.stock} kpl`), onError: (error) => setProblem(messageOf(error)) },
    );
  };

  return (
    <form onSubmit={save} noValidate>
      <div className="catalogue__stock">
        <label className="visually-hidden" htmlFor={`${uid}-stock`}>
          Varasto: {tireName(tire)}
        </label>
        <input
          id={`${uid}-stock`}
          className="input"
          inputMode="numeric"
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${uid}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={update.isPending} aria-label={`Tallenna varasto: ${tireName(tire)}`}>
          Tallenna
        </Button>
      </div>
      {problem && (
        <p className="field__error" id={`${uid}-error`}>
          {problem}
        </p>
      )}
    </form>
  );
}

/** A tire's picture (its first) and, for an admin, a file input that replaces it at once. */
function TirePicture({ tire, admin, announce }: { tire: TireAdmin; admin: boolean; announce: (message: string) => void }) {
  const uid = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadTireImage();
  const image = tire.imageIds[0];

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const refused = imageProblem(file);
    setProblem(refused);
    if (refused) return;
    upload.mutate({ productId: tire.productId, file }, { onSuccess: () => announce(`Kuva tallennettu: ${tireName(tire)}`), onError: (error) => setProblem(messageOf(error)) });
  };

  return (
    <div className="form-stack">
      {image ? <img className="catalogue__thumb" src={mediaUrl(image)} alt={`Kuva: ${tireName(tire)}`} /> : <span className="muted">Ei kuvaa</span>}
      {admin && (
        <>
          <label className="visually-hidden" htmlFor={`${uid}-file`}>
            Uusi kuva: {tireName(tire)}
          </label>
          <input
            id={`${uid}-file`}
            className="catalogue__file"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={upload.isPending}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${uid}-error` : undefined}
            onChange={onFile}
          />
          {problem && (
            <p className="field__error" id={`${uid}-error`}>
              {problem}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** The tires found: code, make, model, size, price and stock; an admin saves a stock and a picture per tire. */
export function TireList({ tires, admin, announce }: { tires: TireAdmin[]; admin: boolean; announce: (message: string) => void }) {
  if (tires.length === 0) return <p>Hakuehdoilla ei löytynyt renkaita.</p>;
  return (
    <StaffTable columns={['Rengas', 'Koodi', 'Merkki', 'Malli', 'Koko', 'Hinta', 'Varasto', 'Kuva']} stacked alignTop className="catalogue__table-wrap">
      {tires.map((t) => (
        <tr key={t.productId} className={t.active ? undefined : 'staff-table__row--inactive'}>
          <th scope="row">{tireName(t)}</th>
          <td data-label="Koodi">
            {t.supplierCode}
            <span className="muted"> ({t.supplier})</span>
          </td>
          <td data-label="Merkki">{t.make}</td>
          <td data-label="Malli">{t.model}</td>
          <td data-label="Koko">{t.size}</td>
          <td data-label="Hinta" className="catalogue__num">
            {formatEuros(t.priceCents)}
          </td>
          <td data-label="Varasto">{admin ? <StockEditor tire={t} announce={announce} /> : `${t.stock} kpl`}</td>
          <td data-label="Kuva">
            <TirePicture tire={t} admin={admin} announce={announce} />
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}
