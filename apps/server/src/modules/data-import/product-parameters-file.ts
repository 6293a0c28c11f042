/**
 * product-parameters.csv: the choices of the windshield products (product_parameter, migration
 * 006), such as the insurer's campaign of a stone-chip repair (requirements §3 "Windshield
 * products"). A row is one value of a product's CHOICE parameter, keyed by product code,
 * parameter code and value: its description and whether it gives the product's campaign price
 * (otherwise the normal price applies). A new parameter goes after the product's others, a new
 * value after its parameter's others; the file never removes a parameter or a value. Only the
 * windshield products (WINDSHIELD_PRODUCT_IDS) take choices: the windshield form chooses their
 * values by the campaign flag; the products themselves are services.csv's.
 */
import { WINDSHIELD_PRODUCT_IDS, isWindshieldProduct, type ChoiceValue } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { formatBoolean, type CsvRow, type CsvTable } from './csv.ts';
import { RowErrors, cellOf, columnsOf, changeOf, uniqueByKey, type Change, type FileKind } from './file-kind.ts';
import { booleanCell, requiredText } from './catalogue-cells.ts';
import {
  existingProductIds,
  findWindshieldParameters,
  insertProductParameter,
  updateProductParameterValues,
  type ProductParameterFileRow,
} from './catalogue-repository.ts';

export const PRODUCT_PARAMETER_COLUMNS = columnsOf('product-parameters');

/** A parameter's code: capitals, digits and _ (INSURANCE_CAMPAIGN). */
const PARAMETER_CODE_PATTERN = /^[A-Z][A-Z0-9_]{0,39}$/;
/** A value as the cart stores it ('true', 'RESERVE_TIME'). */
const VALUE_PATTERN = /^[A-Za-z0-9_.-]{1,40}$/;
/** The most parameters of a product and values of a parameter. */
const MAX_PARAMETERS = 10;
const MAX_VALUES = 20;

interface ParameterValueItem {
  line: number;
  /** product / parameter / value: the row's natural key. */
  key: string;
  productId: string;
  parameterCode: string;
  value: string;
  description: string;
  /** undefined: the column is absent (a stored value keeps its flag, a new one has none). */
  campaign: boolean | undefined;
}

const keyOf = (productId: string, parameterCode: string, value: string) => `${productId} / ${parameterCode} / ${value}`;
const parameterKey = (productId: string, parameterCode: string) => `${productId}\u0000${parameterCode}`;

function readRow(row: CsvRow, errors: RowErrors): ParameterValueItem | undefined {
  const before = errors.list.length;
  const productId = cellOf(row, 'product_code') ?? '';
  if (!isWindshieldProduct(productId)) errors.add(row.line, 'product_code', `Valintoja on vain tuulilasituotteilla: ${WINDSHIELD_PRODUCT_IDS.join(', ')}`);
  const parameterCode = (cellOf(row, 'parameter_code') ?? '').toUpperCase();
  if (!PARAMETER_CODE_PATTERN.test(parameterCode)) errors.add(row.line, 'parameter_code', 'Valinnan tunnuksessa on 1–40 merkkiä A–Z, 0–9 ja _, alussa kirjain');
  const value = cellOf(row, 'value') ?? '';
  if (!VALUE_PATTERN.test(value)) errors.add(row.line, 'value', 'Arvossa on 1–40 merkkiä a–z, 0–9, ., - ja _');
  const description = requiredText(row, errors, 'description', 100);
  const campaign = booleanCell(row, errors, 'campaign', false);
  if (errors.list.length > before) return undefined;
  return { line: row.line, key: keyOf(productId, parameterCode, value), productId, parameterCode, value, description, campaign };
}

async function run(trx: Executor, table: CsvTable): Promise<{ changes: Change[]; errors: RowErrors['list'] }> {
  const errors = new RowErrors();
  const read = table.rows.map((r) => readRow(r, errors)).filter((i): i is ParameterValueItem => i !== undefined);
  const items = uniqueByKey(read, errors, 'value', 'Vaihtoehto', false);
  const products = await existingProductIds(trx, [...new Set(items.map((i) => i.productId))]);
  for (const item of items) {
    if (!products.has(item.productId)) errors.add(item.line, 'product_code', `Tuotetta ${item.productId} ei ole: tuo se ensin services.csv-tiedostossa`);
  }
  if (errors.any) return { changes: [], errors: errors.list };

  const stored = await findWindshieldParameters(trx);
  // The parameters after the file, each with its values in order; `stored` marks a row already in the table.
  const parameters = new Map<string, ProductParameterFileRow & { stored: boolean; changed: boolean; firstLine?: number }>();
  for (const p of stored) parameters.set(parameterKey(p.product_id, p.parameter_code), { ...p, choice_values: [...p.choice_values], stored: true, changed: false });
  const changes: Change[] = [];
  for (const item of items) {
    const k = parameterKey(item.productId, item.parameterCode);
    let parameter = parameters.get(k);
    if (!parameter) {
      const sorts = [...parameters.values()].filter((p) => p.product_id === item.productId).map((p) => p.sort);
      if (sorts.length >= MAX_PARAMETERS) {
        errors.add(item.line, 'parameter_code', `Tuotteella ${item.productId} on enintään ${MAX_PARAMETERS} valintaa`);
        continue;
      }
      parameter = { product_id: item.productId, parameter_code: item.parameterCode, sort: sorts.length ? Math.max(...sorts) + 1 : 0, choice_values: [], stored: false, changed: true };
      parameters.set(k, parameter);
    }
    const index = parameter.choice_values.findIndex((v) => v.value === item.value);
    const before = index >= 0 ? parameter.choice_values[index] : undefined;
    const after: ChoiceValue = { value: item.value, description: item.description, campaign: item.campaign ?? before?.campaign ?? false };
    if (!before && parameter.choice_values.length >= MAX_VALUES) {
      errors.add(item.line, 'value', `Valinnalla ${item.parameterCode} on enintään ${MAX_VALUES} vaihtoehtoa`);
      continue;
    }
    const change = changeOf(item.key, before, after, { description: 'description', campaign: 'campaign' });
    changes.push(change);
    if (change.action === 'UNCHANGED') continue;
    if (before) parameter.choice_values[index] = after;
    else parameter.choice_values.push(after);
    parameter.changed = true;
  }
  if (errors.any) return { changes: [], errors: errors.list };

  for (const parameter of parameters.values()) {
    if (!parameter.changed) continue;
    if (parameter.stored) await updateProductParameterValues(trx, parameter.product_id, parameter.parameter_code, parameter.choice_values);
    else await insertProductParameter(trx, parameter);
  }
  return { changes, errors: [] };
}

async function rows(db: Executor): Promise<string[][]> {
  return (await findWindshieldParameters(db)).flatMap((p) =>
    p.choice_values.map((v) => {
      const cells: Record<string, string> = {
        product_code: p.product_id,
        parameter_code: p.parameter_code,
        value: v.value,
        description: v.description,
        campaign: formatBoolean(v.campaign),
      };
      return PRODUCT_PARAMETER_COLUMNS.map((c) => cells[c.name] ?? '');
    }),
  );
}

export const productParametersFile: FileKind = {
  file: 'product-parameters',
  columns: PRODUCT_PARAMETER_COLUMNS,
  run: (trx, table) => run(trx, table),
  rows,
};
