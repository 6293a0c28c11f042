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
    { name: 'group', required: true, description: 'Ryhmä, jonka alla palvelu näytetään; uusi nimi tekee uuden ryhmän (viimeiseksi).', example: 'Määräaikaishuolto' },
    {
      name: 'stage',
      required: true,
      description: 'DEFAULT (huolto), FIXED_CAMPAIGN_SERVICES (kampanjapalvelut) tai TIRE_SERVICES (renkaanvaihto).',
      example: 'DEFAULT',
    },
    {
      name: 'kind',
      required: true,
      description: 'PRIMARY (päälista), ADDITIONAL (huollon lisäpalvelut), EXTRA (lisäpalvelut ja -tuotteet) tai CODE (vain huoltokoodilla); sama koko ryhmälle.',
      example: 'PRIMARY',
    },
    { name: 'name', required: true, description: 'Palvelu asiakkaan näkemänä.', example: 'Määräaikaishuolto valmistajan ohjelman mukaan' },
    { name: 'price', required: true, description: 'Hinta euroina sis. alv, enintään kaksi desimaalia.', example: '249,00' },
    { name: 'duration_minutes', required: true, description: 'Kuinka monta minuuttia työ varaa resurssia (0–720).', example: '120' },
    { name: 'work_kind', required: false, description: 'Työlaji, jota palvelu vaatii; tyhjä: mikä tahansa resurssi.', example: 'MAINTENANCE' },
    { name: 'active', required: false, description: 'Asiakas voi varata palvelun (kyllä/ei); tyhjä: kyllä.', example: 'kyllä' },
    { name: 'normal_price', required: false, description: 'Normaalihinta euroina, näytetään yliviivattuna kun se on hintaa suurempi; tyhjä: ei.', example: '289,00' },
    { name: 'info_html', required: false, description: 'Lisätietoja-teksti (HTML: p, ul, li, strong, a); tyhjä: ei tekstiä.', example: '<p>Sisältää öljynvaihdon.</p>' },
    { name: 'vehicle_class', required: false, description: 'Ajoneuvoluokka: 1 henkilöauto, 2 pakettiauto; tyhjä: kaikki.', example: '1' },
    { name: 'make', required: false, description: 'Merkki, jolle huoltopaketti on (nimi kuten ajoneuvorekisterissä); tyhjä: kaikki merkit.', example: 'Toyota' },
    { name: 'min_km', required: false, description: 'Huoltopaketin pienin mittarilukema kilometreinä; tyhjä: ei alarajaa.', example: '0' },
    { name: 'max_km', required: false, description: 'Huoltopaketin suurin mittarilukema kilometreinä; tyhjä: ei ylärajaa.', example: '60000' },
    { name: 'service_code', required: false, description: 'Huoltokoodi, jolla palvelu tulee näkyviin (CODE-ryhmät); tyhjä: kaikille.', example: 'HK-2026' },
    { name: 'includes', required: false, description: 'Palvelut (tunnukset |-merkillä), jotka tämä sisältää: niitä ei tarjota sen rinnalla.', example: 'OLJYNVAIHTO|SUODATIN' },
    { name: 'extras', required: false, description: 'Lisäpalvelut (tunnukset |-merkillä), joita tarjotaan tämän alla, tässä järjestyksessä.', example: 'PESU' },
    { name: 'images', required: false, description: 'Kuvien tunnukset |-merkillä (ladattu ylläpidossa); tyhjä: ei kuvaa.', example: 'kuva-huolto' },
    { name: 'valid_from', required: false, description: 'Ensimmäinen päivä, jona palvelu on tarjolla (VVVV-KK-PP); tyhjä: heti.', example: '2026-12-01' },
    { name: 'valid_to', required: false, description: 'Viimeinen päivä, jona palvelu on tarjolla (VVVV-KK-PP); tyhjä: toistaiseksi.', example: '2027-02-28' },
    { name: 'sort', required: false, description: 'Järjestys ryhmässä, pienin ensin; tyhjä: pysyy paikallaan (uusi viimeiseksi).', example: '10' },
  ],
  operations: [
    { name: 'service_code', required: true, description: 'Palvelun tunnus (services-tiedoston code). Tiedosto korvaa nimettyjen palveluiden työvaiheet kokonaan.', example: 'HUOLTO' },
    { name: 'position', required: true, description: 'Työvaiheen järjestysnumero palvelussa, 1 ensin.', example: '1' },
    { name: 'description', required: true, description: 'Työvaihe asiakkaan näkemänä ("Näytä huollon sisältö").', example: 'Moottoriöljyn vaihto' },
    { name: 'spare_parts', required: false, description: 'Varaosat |-merkillä eroteltuina; tyhjä: ei varaosia.', example: 'Moottoriöljy 5W-30|Öljynsuodatin' },
  ],
  'product-parameters': [
    { name: 'product_code', required: true, description: 'Tuulilasituotteen tunnus (windshieldChange, windshieldRepair tai windshieldInsuranceRepair).', example: 'windshieldRepair' },
    { name: 'parameter_code', required: true, description: 'Valinnan tunnus (A–Z, 0–9 ja _).', example: 'INSURANCE_CAMPAIGN' },
    { name: 'value', required: true, description: 'Vaihtoehdon arvo, jonka ostoskori tallentaa (a–z, 0–9, ., - ja _).', example: 'true' },
    { name: 'description', required: true, description: 'Vaihtoehto henkilökunnan ja asiakkaan näkemänä.', example: 'Vakuutusyhtiön kampanja' },
    { name: 'campaign', required: false, description: 'Vaihtoehto antaa tuotteen kampanjahinnan (kyllä/ei); muuten normaalihinta; tyhjä: ei.', example: 'kyllä' },
  ],
  'extra-items': [
    { name: 'code', required: true, description: 'Lisätuotteen tunnus (a–z, 0–9, - ja _).', example: 'PYYHKIJAT' },
    { name: 'name', required: true, description: 'Lisätuote asiakkaan näkemänä.', example: 'Tuulilasinpyyhkijät' },
    { name: 'price', required: true, description: 'Hinta euroina sis. alv.', example: '29,90' },
    { name: 'sort', required: false, description: 'Järjestys, pienin ensin; tyhjä: pysyy paikallaan (uusi viimeiseksi).', example: '10' },
    { name: 'active', required: false, description: 'Tarjotaan asiakkaille (kyllä/ei); tyhjä: kyllä.', example: 'kyllä' },
  ],
  offers: [
    { name: 'code', required: true, description: 'Tarjouskortin tunnus (a–z, 0–9, - ja _).', example: 'TALVIKUNNOSTUS' },
    { name: 'title', required: true, description: 'Kortin otsikko asiakkaan näkemänä.', example: 'Talvikunnostus' },
    { name: 'text', required: true, description: 'Kortin teksti otsikon alla.', example: 'Akku, jarrut ja pakkasneste kuntoon ennen pakkasia.' },
    { name: 'service_code', required: true, description: 'Palvelu, jonka ”Lisää ostoskoriin” lisää (services-tiedoston code); hinta on palvelun.', example: 'TALVITARKASTUS' },
    { name: 'image', required: false, description: 'Kuvan tunnus (ladattu ylläpidossa); tyhjä: ei kuvaa.', example: 'kuva-talvi' },
    { name: 'sort', required: false, description: 'Järjestys, pienin ensin; tyhjä: pysyy paikallaan (uusi viimeiseksi).', example: '10' },
    { name: 'active', required: false, description: 'Näytetään asiakkaille (kyllä/ei); tyhjä: kyllä.', example: 'kyllä' },
  ],
  'campaign-codes': [
    { name: 'code', required: true, description: 'Koodi, jonka asiakas kirjoittaa (A–Z, 0–9, - ja _; pienet kirjaimet muuttuvat isoiksi).', example: 'KEVAT2027' },
    { name: 'description', required: true, description: 'Mitä koodi antaa, asiakkaan ja henkilökunnan näkemänä.', example: 'Kevätkampanja 10 %' },
    { name: 'percent_off', required: true, description: 'Alennus palveluiden hinnoista prosentteina (1–100).', example: '10' },
    { name: 'members_only', required: false, description: 'Vain kirjautuneille kanta-asiakkaille (kyllä/ei); tyhjä: ei.', example: 'ei' },
    { name: 'valid_from', required: false, description: 'Ensimmäinen voimassaolopäivä (VVVV-KK-PP); tyhjä: heti.', example: '2027-03-01' },
    { name: 'valid_to', required: false, description: 'Viimeinen voimassaolopäivä (VVVV-KK-PP); tyhjä: toistaiseksi.', example: '2027-05-31' },
    { name: 'active', required: false, description: 'Koodi käy (kyllä/ei); tyhjä: kyllä.', example: 'kyllä' },
  ],
  tires: [
    { name: 'supplier', required: true, description: 'Toimittaja (renkaiden haun suodatin); uusi nimi tekee uuden toimittajan.', example: 'Nokian Tyres' },
    { name: 'product_code', required: true, description: 'Toimittajan tuotekoodi: toimittajan kanssa renkaan avain.', example: 'T430123' },
    { name: 'make', required: false, description: 'Renkaan merkki; tyhjä: toimittajan nimi.', example: 'Nokian' },
    { name: 'model', required: true, description: 'Malli.', example: 'Hakkapeliitta R5' },
    { name: 'size', required: true, description: 'Koko muodossa leveys/profiili R vanne.', example: '205/55R16' },
    { name: 'load_index', required: true, description: 'Kuormitusindeksi 70–130.', example: '94' },
    { name: 'speed_index', required: true, description: 'Nopeusluokka (kirjain, esim. Q, T, H, V, W, Y).', example: 'T' },
    { name: 'type', required: true, description: 'NORMAL (kesä), WINTER_STUDDED (nastat) tai WINTER_STUDLESS (kitka).', example: 'WINTER_STUDLESS' },
    { name: 'markings', required: false, description: 'Lisämerkinnät |-merkillä: XL (vahvistettu), C (pakettiauto); tyhjä: ei.', example: 'XL' },
    { name: 'rolling_resistance', required: false, description: 'EU-rengasmerkinnän vierintävastusluokka A–E; tyhjä: ei merkintää.', example: 'C' },
    { name: 'wet_grip', required: false, description: 'EU-rengasmerkinnän märkäpitoluokka A–E.', example: 'B' },
    { name: 'noise_db', required: false, description: 'Ohiajomelu desibeleinä (50–90).', example: '70' },
    { name: 'noise_class', required: false, description: 'Melun luokka A–C.', example: 'B' },
    { name: 'price', required: true, description: 'Hinta euroina renkaalta asennettuna, sis. alv.', example: '149,90' },
    { name: 'stock', required: true, description: 'Varastossa, kappaletta (0–100 000). Toimittajan renkaat, joita tiedostossa ei ole, merkitään loppuneiksi.', example: '24' },
    { name: 'image', required: false, description: 'Kuvan tunnus (ladattu ylläpidossa); tyhjä: kuva pysyy ennallaan.', example: 'rengas-hakka-r5' },
  ],
  vehicles: [
    { name: 'register_number', required: true, description: 'Rekisteritunnus (ABC-123).', example: 'ABC-123' },
    { name: 'make', required: true, description: 'Merkki; uusi merkki lisätään merkkien luetteloon.', example: 'Toyota' },
    { name: 'model', required: true, description: 'Malli.', example: 'Corolla' },
    { name: 'class', required: false, description: 'Ajoneuvoluokka: 1 henkilöauto, 2 pakettiauto; tyhjä: 1.', example: '1' },
    { name: 'first_registration', required: false, description: 'Ensirekisteröinti (VVVV-KK-PP); tyhjä: ei tiedossa.', example: '2019-05-14' },
    { name: 'model_year', required: false, description: 'Vuosimalli; tyhjä: ensirekisteröinnin vuosi.', example: '2019' },
    { name: 'fuel', required: false, description: 'Käyttövoima (bensiini, diesel, sähkö, hybridi…); tyhjä: ei tiedossa.', example: 'bensiini' },
    { name: 'front_tires', required: false, description: 'Etuakselin rengaskoko ja kuormitusindeksi.', example: '205/55R16 91' },
    { name: 'rear_tires', required: false, description: 'Taka-akselin rengaskoko; tyhjä: sama kuin edessä.', example: '205/55R16 91' },
  ],
  redirects: [
    { name: 'make', required: true, description: 'Merkki kuten ajoneuvorekisterissä: tämän merkin asiakkaat ohjataan merkin omalle sivulle.', example: 'BMW' },
    { name: 'url', required: true, description: 'Osoite, jonne asiakas ohjataan (https://…).', example: 'https://www.example.com/huoltovaraus' },
    { name: 'message', required: true, description: 'Ilmoitus, jonka asiakas näkee ennen siirtoa.', example: 'BMW-huollot varataan BMW:n omassa ajanvarauksessa.' },
    { name: 'delay_seconds', required: false, description: 'Sekunteja ennen siirtoa (0–60); tyhjä: pysyy (uusi 5).', example: '5' },
    { name: 'processes', required: false, description: 'Palvelut, joissa ohjataan, |-merkillä: MAINTENANCE, TIRE_CHANGE, TIRE_SALES, WINDSHIELD; tyhjä: MAINTENANCE.', example: 'MAINTENANCE' },
    { name: 'active', required: false, description: 'Ohjaus käytössä (kyllä/ei); tyhjä: kyllä.', example: 'kyllä' },
  ],
} as const satisfies Record<DataFile, readonly DataImportColumn[]>;

/** A column's name in a file of the given kind. */
export type DataImportColumnName<F extends DataFile> = (typeof DATA_IMPORT_COLUMNS)[F][number]['name'];
