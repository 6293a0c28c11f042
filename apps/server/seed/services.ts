/**
 * The service catalogue: service groups of the three stages, their products with prices
 * (integer cents, mostly ending in 90 so that rounding up to euros shows) and durations,
 * and the operations with spare parts behind "Näytä huollon sisältö".
 */
import type { Insertable } from 'kysely';
import type { Database } from '../src/db/types.ts';
import { VEHICLE_CLASS, formatDuration } from '@huolto/domain';
import { MAKE, findMake } from './catalog.ts';

type ServiceGroupRow = Insertable<Database['service_group']>;
type ProductRow = Insertable<Database['product']>;
type OperationRow = Insertable<Database['product_operation']>;

interface OperationSpec {
  description: string;
  spareParts?: readonly string[];
  /** The products of the catalogue whose work this operation is (not offered beside it). */
  covers?: readonly string[];
}

interface ProductSpec {
  id: string;
  description: string;
  infoHtml: string;
  priceCents: number;
  normalPriceCents?: number;
  durationMinutes: number;
  operations: readonly OperationSpec[];
  /** Maintenance packages: the make they fit (absent: any make) and their mileage range. */
  makeId?: number;
  minKm?: number;
  maxKm?: number;
  /** Shown only to a process that entered this service code. */
  serviceCode?: string;
  /** The vehicle class it is for (VEHICLE_CLASS); absent: any class. */
  vehicleClass?: number;
  /** Products whose work it includes besides its operations' `covers`. */
  includes?: readonly string[];
}

interface GroupSpec {
  id: string;
  stage: 'DEFAULT' | 'FIXED_CAMPAIGN_SERVICES' | 'TIRE_SERVICES';
  /** PRIMARY and ADDITIONAL groups of palvelut, EXTRA groups of lisapalvelut, CODE groups unlocked by a service code. */
  kind: 'PRIMARY' | 'ADDITIONAL' | 'EXTRA' | 'CODE';
  title: string;
  calculatorId: string | null;
  products: readonly ProductSpec[];
}

export interface ServiceCatalogue {
  groups: ServiceGroupRow[];
  products: ProductRow[];
  operations: OperationRow[];
}

/** The calculator that prices maintenance by make and mileage (docs/glossary.md "calculator id"). */
export const MAINTENANCE_CALCULATOR_ID = 'MAINTENANCE_BY_MILEAGE';

/** Service interval of the packages, km; a car is offered the package nearest its mileage. */
const INTERVAL_KM = 30_000;
const PACKAGE_COUNT = 8;
/** Upper bound of the last, open-ended package (an odometer stays below this). */
const MAX_KM = 9_999_999;

interface MaintenanceMake {
  makeId: number;
  /** Product id prefix, e.g. VW → 'VW-MAINT-60000'. */
  code: string;
  oil: string;
  /** Brand-specific price level relative to the generic package. */
  priceFactor: number;
}

const MAINTENANCE_MAKES: readonly MaintenanceMake[] = [
  { makeId: MAKE.VOLKSWAGEN, code: 'VW', oil: 'Moottoriöljy 5W-30 (VW 504 00), 4,5 l', priceFactor: 1.1 },
  { makeId: MAKE.AUDI, code: 'AUDI', oil: 'Moottoriöljy 5W-30 (VW 504 00), 5,2 l', priceFactor: 1.25 },
  { makeId: MAKE.SKODA, code: 'SKODA', oil: 'Moottoriöljy 5W-30 (VW 504 00), 4,3 l', priceFactor: 1.05 },
  { makeId: MAKE.TOYOTA, code: 'TOYOTA', oil: 'Moottoriöljy 0W-20, 4,2 l', priceFactor: 1.05 },
  { makeId: MAKE.VOLVO, code: 'VOLVO', oil: 'Moottoriöljy 0W-20, 5,6 l', priceFactor: 1.2 },
  { makeId: MAKE.FORD, code: 'FORD', oil: 'Moottoriöljy 5W-20, 4,1 l', priceFactor: 1.0 },
  { makeId: MAKE.KIA, code: 'KIA', oil: 'Moottoriöljy 5W-30, 4,0 l', priceFactor: 1.0 },
  { makeId: MAKE.BMW, code: 'BMW', oil: 'Moottoriöljy 5W-30 (BMW Longlife-04), 5,0 l', priceFactor: 1.3 },
  { makeId: MAKE.MERCEDES_BENZ, code: 'MB', oil: 'Moottoriöljy 5W-30 (MB 229.52), 6,0 l', priceFactor: 1.3 },
];

const GENERIC_OIL = 'Moottoriöljy 5W-30, 4,5 l';

/** The oil changes of the 'oil' group: a maintenance package includes every one of them. */
const OIL_CHANGES = ['OIL-CHANGE', 'OIL-CHANGE-LONGLIFE', 'OIL-CHANGE-VAN'] as const;

/**
 * Finnish thousands separator, a no-break space (60 000 km), and a no-break space before
 * the unit at the call sites: a mileage never breaks across lines in a card or the cart.
 * Written out to avoid depending on ICU data.
 */
function formatKm(km: number): string {
  return String(km).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
}

/** Cents that end in 90, so that rounding up to whole euros matters on screen. */
function price90(euros: number): number {
  return Math.round(euros) * 100 - 10;
}

/** What the manufacturer's programme adds at the n-th interval (1 = 30 000 km). */
function maintenanceOperations(step: number, oil: string): OperationSpec[] {
  const ops: OperationSpec[] = [
    { description: 'Huolto-ohjelman mukaiset tarkastukset', spareParts: [] },
    {
      description: 'Moottoriöljyn ja öljynsuodattimen vaihto',
      spareParts: [oil, 'Öljynsuodatin', 'Tyhjennystulpan tiiviste'],
      covers: OIL_CHANGES,
    },
    { description: 'Renkaiden, jarrujen ja alustan tarkastus' },
  ];
  if (step % 2 === 0) {
    ops.push({ description: 'Raitisilmasuodattimen vaihto', spareParts: ['Raitisilmasuodatin'], covers: ['CABIN-FILTER'] });
    ops.push({ description: 'Ilmansuodattimen vaihto', spareParts: ['Ilmansuodatin'] });
  } else if (step > 1) {
    ops.push({ description: 'Jarrunesteen vaihto', spareParts: ['Jarruneste DOT 4, 1 l'], covers: ['BRAKE-FLUID'] });
  }
  if (step % 4 === 0) {
    ops.push({ description: 'Sytytystulppien vaihto (bensiinimoottori)', spareParts: ['Sytytystulpat, 4 kpl'] });
    ops.push({ description: 'Polttoainesuodattimen vaihto (dieselmoottori)', spareParts: ['Polttoainesuodatin'] });
  }
  if (step >= 6) ops.push({ description: 'Apulaitehihnan vaihto', spareParts: ['Apulaitehihna'] });
  if (step === PACKAGE_COUNT) ops.push({ description: 'Jäähdytinnesteen vaihto', spareParts: ['Jäähdytinneste, 6 l'] });
  ops.push({ description: 'Koeajo, huoltomuistutuksen nollaus ja merkintä digitaaliseen huoltokirjaan' });
  return ops;
}

/**
 * Packages every 30 000 km: the n-th covers (n − 0.5)·30 000 … (n + 0.5)·30 000 − 1 km, the
 * first starts at 0 and the last is open-ended. So a car at 60 000 km and one at 90 000 km
 * get different packages.
 */
function maintenancePackages(make: MaintenanceMake | null): ProductSpec[] {
  const makeName = make ? findMake(make.makeId).name : null;
  const oil = make?.oil ?? GENERIC_OIL;
  const factor = make?.priceFactor ?? 1;
  return Array.from({ length: PACKAGE_COUNT }, (_, i) => {
    const step = i + 1;
    const km = step * INTERVAL_KM;
    const operations = maintenanceOperations(step, oil);
    const durationMinutes = Math.min(240, 30 + 15 * operations.length + (factor >= 1.25 ? 30 : 0));
    const base = 180 + 25 * operations.length + (step % 4 === 0 ? 90 : 0);
    const intro = makeName
      ? `${makeName}-huolto-ohjelman mukainen määräaikaishuolto noin ${formatKm(km)}\u00a0km:n kohdalla. Tehdään alkuperäisillä tai laadultaan vastaavilla varaosilla, joten tehdastakuu säilyy.`
      : `Valmistajan huolto-ohjelman mukainen määräaikaishuolto noin ${formatKm(km)}\u00a0km:n kohdalla. Tehdastakuu säilyy, kun huolto tehdään ohjelman mukaan.`;
    return {
      id: `${make ? `${make.code}-` : ''}MAINT-${km}`,
      description: `Määräaikaishuolto ${formatKm(km)}\u00a0km`,
      infoHtml:
        `<p>${intro}</p><ul>` +
        `<li>Huollon kesto noin ${formatDuration(durationMinutes)}</li>` +
        '<li>Merkintä digitaaliseen huoltokirjaan</li>' +
        '<li>Sisältää työn, öljyt ja suodattimet</li></ul>',
      priceCents: price90(base * factor),
      durationMinutes,
      operations,
      ...(make ? { makeId: make.makeId } : {}),
      minKm: step === 1 ? 0 : (step - 0.5) * INTERVAL_KM,
      maxKm: step === PACKAGE_COUNT ? MAX_KM : (step + 0.5) * INTERVAL_KM - 1,
    };
  });
}

const simple = (
  id: string,
  description: string,
  priceCents: number,
  durationMinutes: number,
  info: string,
  operations: readonly OperationSpec[],
  normalPriceCents?: number,
): ProductSpec => ({
  id,
  description,
  infoHtml: `<p>${info}</p><ul>${operations.map((o) => `<li>${o.description}</li>`).join('')}</ul>`,
  priceCents,
  durationMinutes,
  operations,
  ...(normalPriceCents !== undefined ? { normalPriceCents } : {}),
});

/** The picture of a service group's cards (an SVG in the media table). */
export const groupImageId = (groupId: string) => `service-${groupId}`;

const withCode = (serviceCode: string, spec: ProductSpec): ProductSpec => ({ ...spec, serviceCode });
const forClass = (vehicleClass: number, spec: ProductSpec): ProductSpec => ({ ...spec, vehicleClass });

/** The products a product includes: its own list and what its operations cover. */
function includedProducts(p: ProductSpec): string[] {
  return [...new Set([...(p.includes ?? []), ...p.operations.flatMap((o) => o.covers ?? [])])].filter((id) => id !== p.id);
}

const GROUPS: readonly GroupSpec[] = [
  {
    id: 'extra-care',
    stage: 'DEFAULT',
    kind: 'EXTRA',
    title: 'Auton hoito',
    calculatorId: null,
    products: [
      simple('INTERIOR-CLEAN', 'Sisäpuhdistus', 7990, 60, 'Imurointi, pintojen puhdistus ja ikkunoiden pesu sisältä.', [
        { description: 'Imurointi ja mattojen puhdistus' },
        { description: 'Sisäpintojen puhdistus' },
      ]),
      simple('WINDSHIELD-COATING', 'Tuulilasin pinnoitus', 3990, 30, 'Vettä hylkivä pinnoite parantaa näkyvyyttä sateella.', [
        { description: 'Tuulilasin puhdistus ja pinnoitus', spareParts: ['Lasipinnoite'] },
      ]),
      simple('UNDERBODY-WASH', 'Alustan pesu', 3490, 30, 'Suolat pois alustasta talven jälkeen.', [{ description: 'Alustan painepesu' }]),
    ],
  },
  {
    id: 'extra-accessories',
    stage: 'DEFAULT',
    kind: 'EXTRA',
    title: 'Varusteet ja asennukset',
    calculatorId: null,
    products: [
      simple('BLOCK-HEATER', 'Lohkolämmittimen asennus', 34990, 120, 'Lohkolämmitin säästää moottoria ja polttoainetta pakkasella.', [
        { description: 'Lohkolämmittimen asennus', spareParts: ['Lohkolämmitin', 'Virtajohto'] },
      ]),
      simple('INTERIOR-HEATER', 'Sisätilalämmittimen asennus', 19990, 60, 'Lämmin auto aamulla pakkasellakin.', [
        { description: 'Sisätilalämmittimen asennus', spareParts: ['Sisätilalämmitin 1500 W'] },
      ]),
      simple('TOWBAR', 'Vetokoukun asennus', 69990, 180, 'Kiinteä vetokoukku sähköineen asennettuna.', [
        { description: 'Vetokoukun asennus', spareParts: ['Vetokoukku', 'Sähkösarja 13-napainen'] },
      ]),
    ],
  },
  {
    id: 'extra-checks',
    stage: 'DEFAULT',
    kind: 'EXTRA',
    title: 'Tarkastukset',
    calculatorId: null,
    products: [
      simple('WINTER-CHECKUP', 'Talvitarkastus', 2990, 30, 'Akku, valot, pyyhkimet ja nesteet kuntoon ennen talvea.', [
        { description: 'Akun testaus' },
        { description: 'Valojen ja pyyhkimien tarkastus' },
        { description: 'Nesteiden tarkastus' },
      ]),
      simple('USED-CAR-CHECK', 'Käytetyn auton kuntotarkastus', 9990, 60, 'Puolueeton tarkastus ennen auton ostoa.', [
        { description: 'Alustan ja jarrujen tarkastus' },
        { description: 'Vikakoodien luku' },
      ]),
    ],
  },
  {
    id: 'service-code',
    stage: 'DEFAULT',
    kind: 'CODE',
    title: 'Koodilla avautuvat palvelut',
    calculatorId: null,
    products: [
      withCode(
        'TALVI2026',
        simple('CODE-WINTER-SERVICE', 'Talvihuolto kirjeetarjouksena', 9990, 60, 'Kirjeessä saamasi talvihuoltotarjous.', [
          { description: 'Akun testaus' },
          { description: 'Jarrujen tarkastus' },
          { description: 'Pakkasnesteen tarkastus' },
        ], 14990),
      ),
      withCode(
        'TAKAISIN24',
        simple('CODE-RECALL-STEERING', 'Valmistajan takaisinkutsu: ohjauksen tarkastus', 0, 60, 'Valmistajan takaisinkutsukampanja; työ on sinulle maksuton.', [
          { description: 'Ohjausvälityksen tarkastus' },
          { description: 'Ohjelmistopäivitys' },
        ]),
      ),
    ],
  },
  {
    id: 'oil',
    stage: 'DEFAULT',
    kind: 'PRIMARY',
    title: 'Öljynvaihto',
    calculatorId: null,
    products: [
      forClass(VEHICLE_CLASS.PASSENGER_CAR, simple('OIL-CHANGE', 'Öljynvaihto', 12990, 45, 'Moottoriöljyn ja öljynsuodattimen vaihto laadukkaalla öljyllä valmistajan vaatimusten mukaan.', [
        { description: 'Moottoriöljyn vaihto', spareParts: [GENERIC_OIL] },
        { description: 'Öljynsuodattimen vaihto', spareParts: ['Öljynsuodatin'] },
        { description: 'Nestemäärien tarkastus ja täyttö' },
      ])),
      forClass(VEHICLE_CLASS.PASSENGER_CAR, simple('OIL-CHANGE-LONGLIFE', 'Öljynvaihto Longlife-öljyllä', 15990, 45, 'Öljynvaihto täyssynteettisellä pitkän vaihtovälin öljyllä.', [
        { description: 'Moottoriöljyn vaihto', spareParts: ['Moottoriöljy 0W-30 Longlife, 5 l'] },
        { description: 'Öljynsuodattimen vaihto', spareParts: ['Öljynsuodatin'] },
        { description: 'Huoltomuistutuksen nollaus' },
      ])),
      forClass(VEHICLE_CLASS.VAN, simple('OIL-CHANGE-VAN', 'Öljynvaihto pakettiautoon', 18990, 60, 'Öljynvaihto pakettiautoon ja kevyeen hyötyajoneuvoon.', [
        { description: 'Moottoriöljyn vaihto', spareParts: ['Moottoriöljy 5W-30, 7 l'] },
        { description: 'Öljynsuodattimen vaihto', spareParts: ['Öljynsuodatin'] },
        { description: 'Nestemäärien tarkastus ja täyttö' },
      ])),
    ],
  },
  {
    id: 'inspection',
    stage: 'DEFAULT',
    kind: 'PRIMARY',
    title: 'Katsastuksen esitarkastus',
    calculatorId: null,
    products: [
      simple('INSPECTION-PRECHECK', 'Katsastuksen esitarkastus', 4990, 30, 'Tarkastamme katsastuksessa tarkastettavat kohteet, jotta auto menee läpi ensimmäisellä kerralla.', [
        { description: 'Valojen ja merkinantolaitteiden tarkastus' },
        { description: 'Jarrujen ja renkaiden tarkastus' },
        { description: 'Alustan, ohjauksen ja pakoputkiston tarkastus' },
      ]),
      simple('INSPECTION-SERVICE', 'Esitarkastus ja katsastuksessa käynti', 9990, 120, 'Esitarkastus ja auton vienti katsastukseen puolestasi. Katsastusmaksu laskutetaan erikseen.', [
        { description: 'Katsastuksen esitarkastus' },
        { description: 'Auton vienti katsastukseen ja takaisin' },
      ]),
    ],
  },
  {
    id: 'brakes',
    stage: 'DEFAULT',
    kind: 'ADDITIONAL',
    title: 'Jarrut',
    calculatorId: null,
    products: [
      simple('BRAKE-FLUID', 'Jarrunesteen vaihto', 8990, 45, 'Jarruneste kerää kosteutta; vaihda se kahden vuoden välein.', [
        { description: 'Jarrunesteen vaihto ja ilmaus', spareParts: ['Jarruneste DOT 4, 1 l'] },
      ]),
      simple('BRAKE-PADS-FRONT', 'Etujarrupalojen vaihto', 17990, 60, 'Etujarrupalojen vaihto ja jarrujen toiminnan tarkastus.', [
        { description: 'Etujarrupalojen vaihto', spareParts: ['Jarrupalasarja, etu'] },
        { description: 'Jarrusatulan liukutappien puhdistus ja voitelu' },
      ]),
      simple('BRAKE-DISCS-FRONT', 'Etujarrulevyjen ja -palojen vaihto', 38990, 120, 'Etujarrulevyjen ja -palojen vaihto samalla kertaa.', [
        { description: 'Etujarrulevyjen vaihto', spareParts: ['Jarrulevyt, etu, 2 kpl'] },
        { description: 'Etujarrupalojen vaihto', spareParts: ['Jarrupalasarja, etu'] },
        { description: 'Koeajo' },
      ]),
      simple('BRAKE-SERVICE', 'Jarrujen huolto', 12990, 60, 'Talven suolan jäljiltä jarrut kannattaa puhdistaa ja voidella.', [
        { description: 'Jarrujen puhdistus ja voitelu' },
        { description: 'Käsijarrun säätö' },
      ]),
    ],
  },
  {
    id: 'air-conditioning',
    stage: 'DEFAULT',
    kind: 'ADDITIONAL',
    title: 'Ilmastointi',
    calculatorId: null,
    products: [
      simple('AC-SERVICE', 'Ilmastointilaitteen huolto', 11990, 60, 'Ilmastoinnin kylmäaineen vaihto ja tiiviyden tarkastus.', [
        { description: 'Kylmäaineen talteenotto ja täyttö', spareParts: ['Kylmäaine R1234yf'] },
        { description: 'Järjestelmän tiiviyden tarkastus' },
      ]),
      simple('AC-DISINFECTION', 'Ilmastoinnin desinfiointi', 4990, 30, 'Poistaa hajut ja mikrobit ilmastointijärjestelmästä.', [
        { description: 'Ilmastointikanavien desinfiointi' },
      ]),
      simple('CABIN-FILTER', 'Raitisilmasuodattimen vaihto', 5990, 30, 'Puhdas suodatin pitää sisäilman raikkaana ja ikkunat kirkkaina.', [
        { description: 'Raitisilmasuodattimen vaihto', spareParts: ['Raitisilmasuodatin'] },
      ]),
    ],
  },
  {
    id: 'battery',
    stage: 'DEFAULT',
    kind: 'ADDITIONAL',
    title: 'Akku ja sähkö',
    calculatorId: null,
    products: [
      simple('BATTERY-TEST', 'Akun kuntotesti', 1990, 30, 'Testaamme akun ja latauksen ennen pakkasia.', [
        { description: 'Akun kuntotesti' },
        { description: 'Laturin lataustehon mittaus' },
      ]),
      simple('BATTERY-REPLACE', 'Akun vaihto', 21990, 30, 'Uusi akku asennettuna, vanha akku kierrätetään.', [
        { description: 'Akun vaihto', spareParts: ['Akku 12 V 70 Ah'] },
        { description: 'Vanhan akun kierrätys' },
      ]),
      simple('BULBS', 'Polttimoiden tarkastus ja vaihto', 2990, 30, 'Tarkastamme valot ja vaihdamme palaneet polttimot (polttimot veloitetaan erikseen).', [
        { description: 'Valojen toiminnan tarkastus' },
        { description: 'Palaneiden polttimoiden vaihto' },
      ]),
    ],
  },
  {
    id: 'wheel-alignment',
    stage: 'DEFAULT',
    kind: 'ADDITIONAL',
    title: 'Pyöränsuuntaus',
    calculatorId: null,
    products: [
      simple('WHEEL-ALIGNMENT', 'Pyöränsuuntaus', 11990, 60, 'Oikea suuntaus säästää renkaita ja polttoainetta.', [
        { description: 'Suuntauksen mittaus' },
        { description: 'Etu- ja takapyörien suuntaus' },
      ]),
      simple('ALIGNMENT-CHECK', 'Suuntauksen tarkastus', 3990, 30, 'Mittaamme pyöränkulmat ja kerromme, tarvitaanko suuntausta.', [
        { description: 'Suuntauksen mittaus ja raportti' },
      ]),
    ],
  },
  {
    id: 'wash',
    stage: 'DEFAULT',
    kind: 'ADDITIONAL',
    title: 'Pesut',
    calculatorId: null,
    products: [
      simple('WASH-EXTERIOR', 'Ulkopesu', 2990, 30, 'Huolellinen käsinpesu huollon yhteydessä.', [{ description: 'Ulkopesu' }]),
      simple('WASH-WAX', 'Ulkopesu ja vahaus', 6990, 60, 'Pesu ja suojaava vahaus.', [
        { description: 'Ulkopesu' },
        { description: 'Vahaus', spareParts: ['Suojavaha'] },
      ]),
      simple('WASH-FULL', 'Sisä- ja ulkopesu', 9990, 90, 'Auto sisältä ja ulkoa puhtaaksi.', [
        { description: 'Ulkopesu' },
        { description: 'Imurointi ja sisäpintojen puhdistus' },
        { description: 'Ikkunoiden pesu sisältä' },
      ]),
    ],
  },
  {
    id: 'winter-campaign',
    stage: 'FIXED_CAMPAIGN_SERVICES',
    kind: 'PRIMARY',
    title: 'Talvikampanja',
    calculatorId: null,
    products: [
      simple(
        'WINTER-CHECK',
        'Talvikuntotarkastus',
        2990,
        30,
        'Akku, pakkasneste, pyyhkijät ja valot kuntoon ennen pakkasia. Kampanjahinta.',
        [
          { description: 'Akun kuntotesti' },
          { description: 'Jäähdytinnesteen pakkaskestävyyden mittaus' },
          { description: 'Pyyhkijänsulkien ja valojen tarkastus' },
        ],
        4990,
      ),
      simple(
        'WINTER-PACKAGE',
        'Talvipaketti: tarkastus, pyyhkijänsulat ja pesuneste',
        6990,
        45,
        'Talvikuntotarkastus, uudet pyyhkijänsulat ja pakkasta kestävä pesuneste. Kampanjahinta.',
        [
          { description: 'Talvikuntotarkastus' },
          { description: 'Pyyhkijänsulkien vaihto', spareParts: ['Pyyhkijänsulat, etu, 2 kpl'] },
          { description: 'Lasinpesunesteen täyttö', spareParts: ['Lasinpesuneste −20 °C, 4 l'] },
        ],
        9990,
      ),
    ],
  },
  {
    id: 'brake-campaign',
    stage: 'FIXED_CAMPAIGN_SERVICES',
    kind: 'PRIMARY',
    title: 'Jarrukampanja',
    calculatorId: null,
    products: [
      simple(
        'BRAKE-CAMPAIGN-PADS',
        'Etujarrupalat asennettuna',
        14990,
        60,
        'Etujarrupalat vaihdettuna kampanjahintaan.',
        [{ description: 'Etujarrupalojen vaihto', spareParts: ['Jarrupalasarja, etu'] }],
        17990,
      ),
    ],
  },
  {
    id: 'tire-change',
    stage: 'TIRE_SERVICES',
    kind: 'PRIMARY',
    title: 'Renkaanvaihto',
    calculatorId: null,
    products: [
      // A van's tires are changed as a van's (the change below); an SUV, a passenger car, may take either.
      forClass(
        VEHICLE_CLASS.PASSENGER_CAR,
        simple('TIRE-CHANGE', 'Renkaanvaihto', 4990, 30, 'Vanteilla olevien renkaiden vaihto, ilmanpaineiden säätö ja pulttien kiristys.', [
          { description: 'Renkaiden vaihto' },
          { description: 'Ilmanpaineiden säätö' },
          { description: 'Pulttien kiristys momenttiavaimella' },
        ]),
      ),
      {
        ...simple('TIRE-CHANGE-SUV', 'Renkaanvaihto, maastoauto ja pakettiauto', 6990, 45, 'Renkaanvaihto isoille renkaille ja pakettiautoille.', [
          { description: 'Renkaiden vaihto' },
          { description: 'Ilmanpaineiden säätö' },
        ]),
        // The car's tires are changed once: the big change does the work of the car's change.
        includes: ['TIRE-CHANGE'],
      },
      simple('TIRE-CHANGE-RIMS', 'Renkaiden vaihto vanteille', 9990, 60, 'Renkaiden irrotus vanteilta ja uusien asennus, sisältää tasapainotuksen.', [
        { description: 'Renkaiden irrotus ja asennus vanteille' },
        { description: 'Tasapainotus', spareParts: ['Tasapainopainot'] },
        { description: 'Venttiilien vaihto', spareParts: ['Kumiventtiilit, 4 kpl'] },
      ]),
    ],
  },
  {
    id: 'tire-hotel',
    stage: 'TIRE_SERVICES',
    kind: 'PRIMARY',
    title: 'Rengashotelli',
    calculatorId: null,
    products: [
      simple('TIRE-HOTEL', 'Rengashotelli (kausi)', 8990, 30, 'Säilytämme kauden renkaat puolestasi ja tarkastamme niiden kunnon.', [
        { description: 'Renkaiden säilytys kauden ajan' },
        { description: 'Kulutuspinnan mittaus ja kuntoraportti' },
      ]),
      {
        ...simple('TIRE-HOTEL-CHANGE', 'Renkaanvaihto ja rengashotelli', 12990, 30, 'Renkaanvaihto ja kauden renkaiden säilytys samalla kertaa.', [
          { description: 'Renkaiden vaihto' },
          { description: 'Renkaiden säilytys kauden ajan' },
          { description: 'Kulutuspinnan mittaus ja kuntoraportti' },
        ]),
        vehicleClass: VEHICLE_CLASS.PASSENGER_CAR,
        includes: ['TIRE-CHANGE', 'TIRE-HOTEL'],
      },
      {
        ...simple(
          'TIRE-HOTEL-CHANGE-SUV',
          'Renkaanvaihto ja rengashotelli, maastoauto ja pakettiauto',
          14990,
          45,
          'Ison auton renkaanvaihto ja kauden renkaiden säilytys samalla kertaa.',
          [
            { description: 'Renkaiden vaihto' },
            { description: 'Renkaiden säilytys kauden ajan' },
            { description: 'Kulutuspinnan mittaus ja kuntoraportti' },
          ],
        ),
        // Everything the car's bundle does, with the big change (docs/decisions/018-bundles-in-the-cart.md).
        includes: ['TIRE-CHANGE-SUV', 'TIRE-HOTEL', 'TIRE-CHANGE', 'TIRE-HOTEL-CHANGE'],
      },
    ],
  },
  {
    id: 'tire-wash-balance',
    stage: 'TIRE_SERVICES',
    kind: 'PRIMARY',
    title: 'Renkaiden pesu ja tasapainotus',
    calculatorId: null,
    products: [
      simple('TIRE-WASH', 'Renkaiden pesu', 1990, 30, 'Renkaat ja vanteet puhtaiksi ennen säilytystä.', [{ description: 'Renkaiden ja vanteiden pesu' }]),
      simple('TIRE-BALANCE', 'Tasapainotus, 4 pyörää', 3990, 30, 'Poistaa tärinän ja tasaa renkaiden kulumista.', [
        { description: 'Pyörien tasapainotus', spareParts: ['Tasapainopainot'] },
      ]),
      {
        ...simple('TIRE-WASH-BALANCE', 'Renkaiden pesu ja tasapainotus', 5490, 45, 'Pesu ja tasapainotus samalla käynnillä.', [
          { description: 'Renkaiden ja vanteiden pesu' },
          { description: 'Pyörien tasapainotus', spareParts: ['Tasapainopainot'] },
        ]),
        includes: ['TIRE-WASH', 'TIRE-BALANCE'],
      },
    ],
  },
];

export function serviceCatalogue(): ServiceCatalogue {
  const maintenance: GroupSpec = {
    id: 'maintenance',
    stage: 'DEFAULT',
    kind: 'PRIMARY',
    title: 'Määräaikaishuolto',
    calculatorId: MAINTENANCE_CALCULATOR_ID,
    products: [...MAINTENANCE_MAKES.flatMap((m) => maintenancePackages(m)), ...maintenancePackages(null)],
  };

  const catalogue: ServiceCatalogue = { groups: [], products: [], operations: [] };
  [maintenance, ...GROUPS].forEach((group, groupIndex) => {
    catalogue.groups.push({
      id: group.id,
      stage: group.stage,
      kind: group.kind,
      title: group.title,
      calculator_id: group.calculatorId,
      sort: (groupIndex + 1) * 10,
    });
    group.products.forEach((p, productIndex) => {
      catalogue.products.push({
        id: p.id,
        group_id: group.id,
        provider: 'LAAKKONEN',
        description: p.description,
        info_html: p.infoHtml,
        price_cents: p.priceCents,
        normal_price_cents: p.normalPriceCents ?? null,
        duration_minutes: p.durationMinutes,
        make_id: p.makeId ?? null,
        min_km: p.minKm ?? null,
        max_km: p.maxKm ?? null,
        service_code: p.serviceCode ?? null,
        image_ids: [groupImageId(group.id)],
        vehicle_class: p.vehicleClass ?? null,
        included_product_ids: includedProducts(p),
        sort: (productIndex + 1) * 10,
        active: true,
      });
      p.operations.forEach((op, opIndex) => {
        catalogue.operations.push({
          product_id: p.id,
          sort: opIndex + 1,
          description: op.description,
          spare_parts: JSON.stringify((op.spareParts ?? []).map((description) => ({ description }))),
        });
      });
    });
  });
  return catalogue;
}
