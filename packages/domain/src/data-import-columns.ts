/**
 * The columns of the import's CSV files, in the order an export writes them: the server checks a
 * header against these names and writes them, and the import page lists them with their meaning
 * and an example. docs/data-import.md is the long form (formats, defaults, rules). Zod-free, so
 * that only the page that shows them carries them.
 */
import type { DataFile } from './staff-setup.ts';

export interface DataImportColumn {
  /** The header's name of the column. */
  name: string;
  /** The header must have it. */
  required: boolean;
  /** What it holds, in one Finnish line. */
  description: string;
  /** A value as a file writes it. */
  example: string;
}

/** Each file's columns, in the export's order (docs/data-import.md). */
export const DATA_IMPORT_COLUMNS = {
  offices: [
    { name: 'code', required: true, description: 'Toimipisteen oma tunnus: tämän ja muiden tiedostojen avain (a–z, 0–9, - ja _).', example: 'TRE1' },
    { name: 'name', required: true, description: 'Toimipisteen nimi asiakkaille.', example: 'Esimerkkiketju Tampere' },
    { name: 'address', required: true, description: 'Katuosoite.', example: 'Huoltokatu 1' },
    { name: 'post_code', required: true, description: 'Postinumero, viisi numeroa.', example: '33100' },
    { name: 'post_office', required: true, description: 'Postitoimipaikka.', example: 'Tampere' },
    { name: 'latitude', required: false, description: 'Leveysaste; tyhjä: postinumeron alueen mukaan.', example: '61,4978' },
    { name: 'longitude', required: false, description: 'Pituusaste; molemmat tai ei kumpaakaan.', example: '23,7610' },
    { name: 'phone', required: false, description: 'Toimipisteen puhelinnumero.', example: '03 123 4567' },
    { name: 'email', required: false, description: 'Osoite, johon uusien, siirrettyjen ja peruttujen varausten ilmoitukset lähtevät.', example: 'tampere@example.com' },
    {
      name: 'processes',
      required: true,
      description: 'Varattavat palvelut |-merkillä eroteltuina: MAINTENANCE, TIRE_CHANGE, TIRE_SALES, WINDSHIELD.',
      example: 'MAINTENANCE|TIRE_CHANGE',
    },
    { name: 'dealer_makes', required: false, description: 'Merkkiedustukset |-merkillä eroteltuina, merkkien nimet kuten ajoneuvorekisterissä.', example: 'Toyota' },
    { name: 'time_selection', required: false, description: 'Ajan valinta: EXACT_TIME (kellonaika) tai DAY_ONLY (vain päivä); tyhjä: EXACT_TIME.', example: 'EXACT_TIME' },
    { name: 'lead_only', required: false, description: 'Ottaa vastaan vain yhteydenottopyyntöjä (kyllä/ei); tyhjä: ei.', example: 'ei' },
    { name: 'first_slot_time', required: false, description: 'Päivän ensimmäinen aloitusaika; tyhjä: 08:00.', example: '07:30' },
    { name: 'slot_step_minutes', required: false, description: 'Minuutteja aloitusaikojen välillä (15, 20, 30, 45, 60, 90 tai 120); tyhjä: 60.', example: '30' },
    { name: 'locker_compartments', required: false, description: 'Avainautomaatin lokerot aukioloajan ulkopuolista jättöä varten; tyhjä: 0.', example: '10' },
    { name: 'customer_selects_resource', required: false, description: 'Asiakas voi valita mekaanikon nimeltä (kyllä/ei); tyhjä: ei.', example: 'kyllä' },
    { name: 'show_loan_calculator', required: false, description: 'Näytä rahoituslaskuri (kyllä/ei); tyhjä: ei.', example: 'ei' },
    { name: 'damage_inspection', required: false, description: 'Tekee vakuutusyhtiöiden vauriotarkastuksia (kyllä/ei); tyhjä: ei.', example: 'ei' },
    { name: 'customer_notice', required: false, description: 'Pysyvä tiedote toimipisteen asiakkaille; tyhjä: ei tiedotetta.', example: 'Varaa rengasaika hyvissä ajoin.' },
    { name: 'active', required: false, description: 'Toimipiste ottaa varauksia (kyllä/ei); ei poistaa käytöstä; tyhjä: kyllä.', example: 'kyllä' },
  ],
  resources: [
    { name: 'office_code', required: true, description: 'Toimipisteen tunnus (code), tuotu jo toimipisteiden tiedostosta.', example: 'TRE1' },
    { name: 'name', required: true, description: 'Nostimen tai mekaanikon nimi, yksilöllinen toimipisteessä.', example: 'Nostin 1' },
    { name: 'display_name', required: false, description: 'Nimi, jolla asiakas valitsee; tyhjä: ei näytetä nimeltä.', example: 'Mekaanikko Matti' },
    { name: 'selectable', required: false, description: 'Asiakas voi valita tämän resurssin nimeltä (kyllä/ei); tyhjä: ei.', example: 'kyllä' },
    {
      name: 'work_kinds',
      required: true,
      description: 'Työlajit, joita se tekee, |-merkillä eroteltuina (työlajien tunnukset).',
      example: 'MAINTENANCE|TIRE_CHANGE',
    },
    { name: 'sort', required: false, description: 'Järjestys toimipisteessä, pienin ensin; tyhjä: pysyy paikallaan (uusi viimeiseksi).', example: '1' },
    { name: 'active', required: false, description: 'Resurssi ottaa varauksia (kyllä/ei); tyhjä: kyllä.', example: 'kyllä' },
  ],
  'opening-hours': [
    { name: 'office_code', required: true, description: 'Toimipisteen tunnus (code).', example: 'TRE1' },
    { name: 'day', required: true, description: 'ma-pe: tavalliset aukioloajat; päivämäärä VVVV-KK-PP: sen päivän poikkeus.', example: 'ma-pe' },
    { name: 'opening_time', required: true, description: 'Avautuu; päivämäärän rivillä molemmat ajat tyhjinä: suljettu koko päivän.', example: '07:30' },
    { name: 'closing_time', required: true, description: 'Sulkeutuu, avautumisen jälkeen.', example: '17:00' },
    { name: 'reason', required: false, description: 'Miksi päivä on poikkeava (ei ma-pe-rivillä).', example: 'Koulutuspäivä' },
  ],
  services: [
    { name: 'code', required: true, description: 'Palvelun tunnus: avain, johon varaukset viittaavat (a–z, 0–9, - ja _).', example: 'HUOLTO' },
    { name: 'group', required: true, description: 'Ryhmä, jonka alla palvelu näytetään; uusi nimi tekee uuden ryhmän.', example: 'Määräaikaishuolto' },
    { name: 'stage', required: true, description: 'DEFAULT (huoltopalvelut) tai TIRE_SERVICES (renkaanvaihto).', example: 'DEFAULT' },
    { name: 'kind', required: true, description: 'PRIMARY (päälista) tai ADDITIONAL (huollon lisäpalvelut); sama koko ryhmälle.', example: 'PRIMARY' },
    { name: 'name', required: true, description: 'Palvelu asiakkaan näkemänä.', example: 'Määräaikaishuolto valmistajan ohjelman mukaan' },
    { name: 'price', required: true, description: 'Hinta euroina, enintään kaksi desimaalia.', example: '249,00' },
    { name: 'duration_minutes', required: true, description: 'Kuinka monta minuuttia työ varaa resurssia.', example: '120' },
    { name: 'work_kind', required: false, description: 'Työlaji, jota palvelu vaatii; tyhjä: mikä tahansa resurssi.', example: 'MAINTENANCE' },
    { name: 'active', required: false, description: 'Asiakas voi varata palvelun (kyllä/ei); tyhjä: kyllä.', example: 'kyllä' },
  ],
} as const satisfies Record<DataFile, readonly DataImportColumn[]>;

/** A column's name in a file of the given kind. */
export type DataImportColumnName<F extends DataFile> = (typeof DATA_IMPORT_COLUMNS)[F][number]['name'];
