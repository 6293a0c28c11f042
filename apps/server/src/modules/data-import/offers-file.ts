/**
 * offers.csv: the offer cards beside the extras step (offer; GET /lifts-offers), each selling
 * one service of the catalogue with "Lisää ostoskoriin" at that service's price, keyed by the
 * card's code (its id). Every row is checked before any is written; a column the file leaves
 * out keeps the stored value (image, sort, active). A card is never removed: `active` ei takes
 * it off the column.
 */
import { PRODUCT_CODE_PATTERN, isStorableText } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { formatBoolean, type CsvRow, type CsvTable } from './csv.ts';
import { RowErrors, cellOf, columnsOf, changeOf, uniqueByKey, type Change, type FileKind } from './file-kind.ts';
import { booleanCell, integerCell, requiredText } from './catalogue-cells.ts';
import { existingMediaIds } from './catalogue-repository.ts';
import { findOfferCards, findOfferableProducts, insertOfferCard, updateOfferCard, type OfferCardRow } from './offers-repository.ts';

export const OFFER_COLUMNS = columnsOf('offers');

/** The longest title and text of a card (the side column shows them whole). */
const MAX_TITLE = 100;
const MAX_TEXT = 500;
/** A picture's id as the media table and the other files name it. */
const MAX_IMAGE_ID = 100;

interface OfferCard {
  line: number;
  key: string;
  title: string;
  body: string;
  serviceCode: string;
  /** undefined: the column is absent (the card keeps its picture); null: empty (no picture). */
  image: string | null | undefined;
  /** undefined or null: the column is absent or empty (the card keeps its place; a new one goes last). */
  sort: number | null | undefined;
  active: boolean | undefined;
}

function readRow(row: CsvRow, errors: RowErrors): OfferCard | undefined {
  const before = errors.list.length;
  const code = cellOf(row, 'code') ?? '';
  if (!PRODUCT_CODE_PATTERN.test(code)) errors.add(row.line, 'code', 'Tunnuksessa on 1–60 kirjainta (a–z), numeroa, - tai _');
  const title = requiredText(row, errors, 'title', MAX_TITLE);
  const body = requiredText(row, errors, 'text', MAX_TEXT);
  const serviceCode = cellOf(row, 'service_code') ?? '';
  if (serviceCode === '') errors.add(row.line, 'service_code', 'Pakollinen tieto');
  else if (!PRODUCT_CODE_PATTERN.test(serviceCode)) errors.add(row.line, 'service_code', 'Palvelun tunnuksessa on 1–60 kirjainta (a–z), numeroa, - tai _');
  const imageCell = cellOf(row, 'image');
  const image = imageCell === undefined ? undefined : imageCell === '' ? null : imageCell;
  if (image && (image.length > MAX_IMAGE_ID || !isStorableText(image))) errors.add(row.line, 'image', `Kuvan tunnus on enintään ${MAX_IMAGE_ID} merkkiä`);
  const sort = integerCell(row, errors, 'sort', 0, 999_999_999, 'Järjestys on kokonaisluku 0 tai suurempi');
  const active = booleanCell(row, errors, 'active', true);
  if (errors.list.length > before) return undefined;
  return { line: row.line, key: code, title, body, serviceCode, image, sort, active };
}

async function run(trx: Executor, table: CsvTable): Promise<{ changes: Change[]; errors: RowErrors['list'] }> {
  const errors = new RowErrors();
  const read = table.rows.map((r) => readRow(r, errors)).filter((i): i is OfferCard => i !== undefined);
  const cards = uniqueByKey(read, errors, 'code', 'Tunnus');
  // What a card sells and shows must exist: the service (imported in services.csv) and the picture (uploaded).
  const products = await findOfferableProducts(trx, [...new Set(cards.map((c) => c.serviceCode))]);
  const media = await existingMediaIds(trx, [...new Set(cards.flatMap((c) => (c.image ? [c.image] : [])))]);
  for (const card of cards) {
    const product = products.get(card.serviceCode);
    if (!product) errors.add(card.line, 'service_code', `Tuntematon palvelu ${card.serviceCode}: tuo se ensin palveluiden tiedostossa (services.csv)`);
    else if (!product.catalogue) errors.add(card.line, 'service_code', `${card.serviceCode} ei ole palveluluettelon palvelu (ei rengas eikä tuulilasituote)`);
    else if (product.serviceCode !== null) errors.add(card.line, 'service_code', `Palvelu ${card.serviceCode} näkyy vain koodilla ${product.serviceCode}: kortti ei voi lisätä sitä ostoskoriin`);
    if (card.image && !media.has(card.image)) errors.add(card.line, 'image', `Tuntematon kuva ${card.image}: lataa kuva ensin ylläpidossa`);
  }
  if (errors.any) return { changes: [], errors: errors.list };

  const stored = await findOfferCards(trx);
  // A code matches its card whatever its case: the file's OFFER-WINTER and offer-winter are one card.
  const byCode = new Map(stored.map((c) => [c.id.toLowerCase(), c]));
  let lastSort = Math.max(0, ...stored.map((c) => c.sort));
  const changes: Change[] = [];
  for (const card of cards) {
    const before = byCode.get(card.key.toLowerCase());
    const id = before?.id ?? card.key;
    const after: OfferCardRow = {
      id,
      title: card.title,
      body: card.body,
      image_id: card.image === undefined ? (before?.image_id ?? null) : card.image,
      product_id: card.serviceCode,
      sort: card.sort ?? before?.sort ?? (lastSort += 10),
      active: card.active ?? before?.active ?? true,
    };
    lastSort = Math.max(lastSort, after.sort);
    const change = changeOf(id, before, after, { title: 'title', text: 'body', service_code: 'product_id', image: 'image_id', sort: 'sort', active: 'active' });
    changes.push(change);
    const { id: _id, ...values } = after;
    if (!before) await insertOfferCard(trx, after);
    else if (change.action === 'UPDATE') await updateOfferCard(trx, id, values);
  }
  return { changes, errors: [] };
}

async function rows(db: Executor): Promise<string[][]> {
  return (await findOfferCards(db)).map((c) => {
    const cells: Record<string, string> = {
      code: c.id,
      title: c.title,
      text: c.body,
      service_code: c.product_id,
      image: c.image_id ?? '',
      sort: String(c.sort),
      active: formatBoolean(c.active),
    };
    return OFFER_COLUMNS.map((col) => cells[col.name] ?? '');
  });
}

export const offersFile: FileKind = {
  file: 'offers',
  columns: OFFER_COLUMNS,
  run: (trx, table) => run(trx, table),
  rows,
};
