import { useId, useState, type ChangeEvent } from 'react';
import { CATALOGUE_IMAGE_MAX_BYTES, CATALOGUE_IMAGE_TYPES } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { useUploadCatalogueImage } from '@/features/staff/api/upload-catalogue-image.ts';
import { messageOf } from '@/lib/form-errors.ts';
import { mediaUrl } from '@/lib/media.ts';

/** The service's most pictures (serviceBody's imageIds). */
const MAX_IMAGES = 10;

/**
 * A picture's refusal before it is sent: its type or its size (the server refuses the same), or
 * null.
 */
export function imageProblem(file: File): string | null {
  if (!(CATALOGUE_IMAGE_TYPES as readonly string[]).includes(file.type)) return `${file.name}: kuvan on oltava PNG, JPEG tai WebP`;
  if (file.size > CATALOGUE_IMAGE_MAX_BYTES) return `${file.name}: kuva on yli ${CATALOGUE_IMAGE_MAX_BYTES / 1000} kt`;
  return null;
}

/** A service's pictures: thumbnails with a remove button each, and a file input that uploads new ones at once. */
export function ServiceImages({
  idPrefix,
  imageIds,
  onChange,
  error,
}: {
  idPrefix: string;
  imageIds: string[];
  onChange: (imageIds: string[]) => void;
  error?: string;
}) {
  const uid = useId();
  const upload = useUploadCatalogueImage();
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = `${idPrefix}-file`;

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    setProblem(null);
    let ids = imageIds;
    for (const file of files) {
      const refused = ids.length >= MAX_IMAGES ? `Enintään ${MAX_IMAGES} kuvaa` : imageProblem(file);
      if (refused) {
        setProblem(refused);
        break;
      }
      try {
        const { imageId } = await upload.mutateAsync(file);
        ids = [...ids, imageId];
        onChange(ids);
      } catch (err) {
        setProblem(`${file.name}: ${messageOf(err)}`);
        break;
      }
    }
  };

  const shown = problem ?? error;
  return (
    <section className="card form-stack" aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`} className="card__title">
        Kuvat
      </h2>
      {imageIds.length === 0 ? (
        <p className="muted">Palvelulla ei ole kuvia.</p>
      ) : (
        <ul className="catalogue__images">
          {imageIds.map((imageId, i) => (
            <li key={imageId} className="catalogue__image">
              <img src={mediaUrl(imageId)} alt={`Kuva ${i + 1}`} />
              <Button variant="secondary" aria-label={`Poista kuva ${i + 1}`} onClick={() => onChange(imageIds.filter((x) => x !== imageId))}>
                Poista
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className={shown ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={inputId}>
          Lisää kuvia
        </label>
        <p className="field__hint" id={`${inputId}-hint`}>
          PNG, JPEG tai WebP, enintään {CATALOGUE_IMAGE_MAX_BYTES / 1000} kt kuva.
        </p>
        <input
          id={inputId}
          type="file"
          accept={CATALOGUE_IMAGE_TYPES.join(',')}
          multiple
          disabled={upload.isPending}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
          onChange={(e) => void onFiles(e)}
        />
        {upload.isPending && <p className="staff-loading">Ladataan kuvaa…</p>}
        {shown && (
          <p className="field__error" id={`${inputId}-error`}>
            {shown}
          </p>
        )}
      </div>
    </section>
  );
}
