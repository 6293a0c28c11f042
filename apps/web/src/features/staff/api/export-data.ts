import type { DataFile } from '@huolto/domain';
import { STAFF_API_BASE } from '@/lib/api-client.ts';

/**
 * GET /staff/data/export/:file: the file as the import reads it (UTF-8 with a BOM, `;`), a
 * download. A plain link: the browser sends the session cookie, and a GET needs no XSRF header.
 */
export const dataExportHref = (file: DataFile) => `${STAFF_API_BASE}/data/export/${file}`;

/** The name the downloaded file is saved under ('toimipisteet.csv'). */
export const DATA_EXPORT_FILE_NAMES: Record<DataFile, string> = {
  offices: 'toimipisteet.csv',
  resources: 'resurssit.csv',
  'opening-hours': 'aukioloajat.csv',
  services: 'palvelut.csv',
  operations: 'tyovaiheet.csv',
  'product-parameters': 'tuulilasivalinnat.csv',
  'extra-items': 'lisatuotteet.csv',
  offers: 'tarjouskortit.csv',
  'campaign-codes': 'kampanjakoodit.csv',
  tires: 'renkaat.csv',
  vehicles: 'ajoneuvot.csv',
  redirects: 'merkkien-ohjaukset.csv',
};
