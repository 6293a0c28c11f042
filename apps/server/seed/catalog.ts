/**
 * Makes and models common in Finland, with the years they were sold, their usual
 * fuels and factory tire sizes. Ids are fixed here (not generated) so that links to
 * a make or model stay valid across re-seeds.
 */
import { VEHICLE_CLASS } from '@huolto/domain';

export type FuelCode = 'B' | 'D' | 'H' | 'P' | 'E';

/** Fuel names as the Finnish vehicle register (Traficom) words them. */
export const FUEL_NAMES: Record<FuelCode, string> = {
  B: 'Bensiini',
  D: 'Diesel',
  H: 'Bensiini/sähkö (hybridi)',
  P: 'Bensiini/sähkö (ladattava hybridi)',
  E: 'Sähkö',
};

export interface ModelSpec {
  name: string;
  /** Vans are classification 2 (docs/glossary.md), everything else 1. */
  van?: boolean;
  /** First and last model year sold (within 2005–2025). */
  years: readonly [number, number];
  /** Relative share of each fuel among the cars of this model. */
  fuels: Partial<Record<FuelCode, number>>;
  /**
   * Factory tire sizes as 'width/aspectRatioRrim loadIndex'; 'front|rear' when the
   * axles differ (staggered rear-wheel-drive cars).
   */
  tires: readonly string[];
}

export interface MakeSpec {
  id: number;
  name: string;
  /** Share of the Finnish car park, roughly; weights the generated register. */
  weight: number;
  models: readonly ModelSpec[];
}

/** Make ids that other parts of the seed refer to by name. */
export const MAKE = {
  AUDI: 1,
  BMW: 2,
  CITROEN: 3,
  FORD: 4,
  HYUNDAI: 5,
  KIA: 6,
  MAZDA: 7,
  MERCEDES_BENZ: 8,
  MINI: 9,
  MITSUBISHI: 10,
  NISSAN: 11,
  OPEL: 12,
  PEUGEOT: 13,
  RENAULT: 14,
  SEAT: 15,
  SKODA: 16,
  TESLA: 17,
  TOYOTA: 18,
  VOLKSWAGEN: 19,
  VOLVO: 20,
  DACIA: 21,
  HONDA: 22,
  SUZUKI: 23,
} as const;

export const MAKES: readonly MakeSpec[] = [
  {
    id: MAKE.AUDI,
    name: 'Audi',
    weight: 5,
    models: [
      { name: 'A1', years: [2010, 2025], fuels: { B: 1 }, tires: ['185/60R15 84', '215/45R16 90'] },
      { name: 'A3', years: [2005, 2025], fuels: { B: 5, D: 3, P: 1 }, tires: ['205/55R16 91', '225/45R17 91'] },
      { name: 'A4', years: [2005, 2025], fuels: { B: 4, D: 5 }, tires: ['225/50R17 94', '245/40R18 97'] },
      { name: 'A6', years: [2005, 2025], fuels: { B: 2, D: 6, P: 1 }, tires: ['225/55R17 97', '245/45R18 100'] },
      { name: 'Q2', years: [2017, 2025], fuels: { B: 3, D: 1 }, tires: ['215/55R17 94'] },
      { name: 'Q3', years: [2012, 2025], fuels: { B: 3, D: 2, P: 1 }, tires: ['235/55R18 100'] },
      { name: 'Q5', years: [2009, 2025], fuels: { B: 1, D: 4, P: 2 }, tires: ['235/60R18 103', '235/55R19 101'] },
      { name: 'Q4 e-tron', years: [2021, 2025], fuels: { E: 1 }, tires: ['235/55R19 105|255/50R19 107'] },
    ],
  },
  {
    id: MAKE.BMW,
    name: 'BMW',
    weight: 5,
    models: [
      { name: '118i', years: [2005, 2025], fuels: { B: 1 }, tires: ['205/55R16 91', '225/45R17 91'] },
      {
        name: '320i',
        years: [2005, 2025],
        fuels: { B: 1 },
        tires: ['225/50R17 94', '225/45R18 95|255/40R18 99'],
      },
      { name: '320d', years: [2005, 2025], fuels: { D: 1 }, tires: ['225/50R17 94', '225/45R18 95|255/40R18 99'] },
      { name: '330e', years: [2016, 2025], fuels: { P: 1 }, tires: ['225/45R18 95|255/40R18 99'] },
      { name: '520d', years: [2005, 2025], fuels: { D: 1 }, tires: ['225/55R17 97', '245/45R18 100'] },
      { name: 'X1', years: [2010, 2025], fuels: { B: 1, D: 2, P: 1 }, tires: ['225/55R17 97', '225/50R18 95'] },
      { name: 'X3', years: [2005, 2025], fuels: { D: 3, P: 2 }, tires: ['225/60R18 100', '245/50R19 105'] },
      { name: 'X5', years: [2007, 2025], fuels: { D: 3, P: 2 }, tires: ['255/55R18 109', '275/45R20 110|305/40R20 112'] },
      { name: 'i3', years: [2014, 2022], fuels: { E: 1 }, tires: ['155/70R19 84|175/60R19 86'] },
      { name: 'iX3', years: [2021, 2025], fuels: { E: 1 }, tires: ['245/50R19 105'] },
    ],
  },
  {
    id: MAKE.CITROEN,
    name: 'Citroën',
    weight: 2,
    models: [
      { name: 'C3', years: [2005, 2025], fuels: { B: 3, D: 1 }, tires: ['185/65R15 88', '195/55R16 87'] },
      { name: 'C4', years: [2005, 2025], fuels: { B: 2, D: 2, E: 1 }, tires: ['205/55R16 91', '205/60R16 92'] },
      { name: 'C5 Aircross', years: [2019, 2025], fuels: { B: 1, D: 2, P: 1 }, tires: ['205/55R19 97', '225/55R18 98'] },
      { name: 'Berlingo', van: true, years: [2005, 2025], fuels: { D: 5, E: 1 }, tires: ['205/60R16 96'] },
      { name: 'Jumpy', van: true, years: [2007, 2025], fuels: { D: 1 }, tires: ['215/65R16 106'] },
    ],
  },
  {
    id: MAKE.FORD,
    name: 'Ford',
    weight: 7,
    models: [
      { name: 'Fiesta', years: [2005, 2023], fuels: { B: 1 }, tires: ['175/65R14 82', '195/55R16 87'] },
      { name: 'Focus', years: [2005, 2025], fuels: { B: 3, D: 2 }, tires: ['205/55R16 91', '215/50R17 95'] },
      { name: 'Mondeo', years: [2005, 2022], fuels: { B: 1, D: 3, H: 1 }, tires: ['215/55R16 93', '235/45R18 94'] },
      { name: 'Kuga', years: [2008, 2025], fuels: { B: 1, D: 2, P: 2 }, tires: ['225/60R18 100', '235/50R18 97'] },
      { name: 'Puma', years: [2020, 2025], fuels: { H: 1 }, tires: ['215/55R17 94'] },
      { name: 'Transit', van: true, years: [2005, 2025], fuels: { D: 1 }, tires: ['235/65R16 115'] },
      { name: 'Transit Custom', van: true, years: [2013, 2025], fuels: { D: 6, P: 1 }, tires: ['215/65R16 109'] },
    ],
  },
  {
    id: MAKE.HYUNDAI,
    name: 'Hyundai',
    weight: 4,
    models: [
      { name: 'i20', years: [2009, 2025], fuels: { B: 1 }, tires: ['185/65R15 88'] },
      { name: 'i30', years: [2007, 2025], fuels: { B: 3, D: 1 }, tires: ['195/65R15 91', '205/55R16 91'] },
      { name: 'Tucson', years: [2005, 2025], fuels: { B: 2, D: 2, H: 1, P: 1 }, tires: ['225/60R17 99', '235/55R19 101'] },
      { name: 'Kona', years: [2018, 2025], fuels: { B: 1, H: 1, E: 2 }, tires: ['215/55R17 94'] },
      { name: 'Ioniq 5', years: [2021, 2025], fuels: { E: 1 }, tires: ['235/55R19 101', '255/45R20 105'] },
      { name: 'Santa Fe', years: [2006, 2025], fuels: { D: 3, P: 1 }, tires: ['235/60R18 103'] },
    ],
  },
  {
    id: MAKE.KIA,
    name: 'Kia',
    weight: 6,
    models: [
      { name: 'Picanto', years: [2005, 2025], fuels: { B: 1 }, tires: ['175/65R14 82'] },
      { name: 'Rio', years: [2005, 2023], fuels: { B: 3, D: 1 }, tires: ['185/65R15 88', '195/55R16 87'] },
      { name: 'Ceed', years: [2007, 2025], fuels: { B: 4, D: 2, P: 1 }, tires: ['195/65R15 91', '205/55R16 91'] },
      { name: 'Niro', years: [2017, 2025], fuels: { H: 2, P: 1, E: 2 }, tires: ['205/60R16 92', '215/55R17 94'] },
      { name: 'Sportage', years: [2005, 2025], fuels: { B: 2, D: 2, P: 1 }, tires: ['225/60R17 99', '235/55R18 100'] },
      { name: 'EV6', years: [2021, 2025], fuels: { E: 1 }, tires: ['235/55R19 105', '255/45R20 105'] },
      { name: 'Sorento', years: [2005, 2025], fuels: { D: 2, P: 1 }, tires: ['235/60R18 107'] },
    ],
  },
  {
    id: MAKE.MAZDA,
    name: 'Mazda',
    weight: 3,
    models: [
      { name: '2', years: [2005, 2025], fuels: { B: 1 }, tires: ['185/65R15 88'] },
      { name: '3', years: [2005, 2025], fuels: { B: 3, D: 1 }, tires: ['205/60R16 92', '215/45R18 89'] },
      { name: '6', years: [2005, 2024], fuels: { B: 2, D: 2 }, tires: ['225/55R17 97', '225/45R19 92'] },
      { name: 'CX-3', years: [2015, 2022], fuels: { B: 1 }, tires: ['215/60R16 95'] },
      { name: 'CX-30', years: [2020, 2025], fuels: { B: 1 }, tires: ['215/55R18 95'] },
      { name: 'CX-5', years: [2012, 2025], fuels: { B: 2, D: 2 }, tires: ['225/65R17 102', '225/55R19 99'] },
    ],
  },
  {
    id: MAKE.MERCEDES_BENZ,
    name: 'Mercedes-Benz',
    weight: 5,
    models: [
      { name: 'A 180', years: [2005, 2025], fuels: { B: 3, D: 1 }, tires: ['205/55R16 91', '205/60R16 92'] },
      { name: 'C 220 d', years: [2005, 2025], fuels: { D: 1 }, tires: ['225/50R17 98', '225/45R18 95|245/40R18 97'] },
      { name: 'E 220 d', years: [2005, 2025], fuels: { D: 1 }, tires: ['225/55R17 101', '245/45R18 100'] },
      { name: 'GLC 300 e', years: [2016, 2025], fuels: { P: 1 }, tires: ['235/60R18 107', '235/55R19 105'] },
      { name: 'Vito', van: true, years: [2005, 2025], fuels: { D: 6, E: 1 }, tires: ['225/55R17 109'] },
      { name: 'Sprinter', van: true, years: [2005, 2025], fuels: { D: 1 }, tires: ['235/65R16 115'] },
    ],
  },
  {
    id: MAKE.MINI,
    name: 'Mini',
    weight: 1,
    models: [
      { name: 'Cooper', years: [2005, 2025], fuels: { B: 4, E: 1 }, tires: ['175/65R15 84', '195/55R16 87'] },
      { name: 'Countryman', years: [2010, 2025], fuels: { B: 2, D: 1, P: 2 }, tires: ['205/60R16 92', '225/55R17 97'] },
      { name: 'Clubman', years: [2008, 2024], fuels: { B: 1, D: 1 }, tires: ['205/55R16 91'] },
    ],
  },
  {
    id: MAKE.MITSUBISHI,
    name: 'Mitsubishi',
    weight: 2,
    models: [
      { name: 'Space Star', years: [2013, 2025], fuels: { B: 1 }, tires: ['165/65R14 79'] },
      { name: 'ASX', years: [2010, 2025], fuels: { B: 2, D: 1 }, tires: ['215/60R17 96'] },
      { name: 'Outlander', years: [2007, 2025], fuels: { B: 1, D: 1, P: 4 }, tires: ['225/55R18 98'] },
      { name: 'Eclipse Cross', years: [2018, 2025], fuels: { B: 1, P: 2 }, tires: ['225/55R18 98'] },
      { name: 'L200', years: [2006, 2025], fuels: { D: 1 }, tires: ['245/65R17 111'] },
    ],
  },
  {
    id: MAKE.NISSAN,
    name: 'Nissan',
    weight: 4,
    models: [
      { name: 'Micra', years: [2005, 2023], fuels: { B: 1 }, tires: ['165/70R14 81', '185/65R15 88'] },
      { name: 'Juke', years: [2010, 2025], fuels: { B: 1 }, tires: ['215/55R17 94'] },
      { name: 'Qashqai', years: [2007, 2025], fuels: { B: 3, D: 2 }, tires: ['215/60R17 96', '225/55R18 98'] },
      { name: 'X-Trail', years: [2005, 2025], fuels: { D: 3, H: 1 }, tires: ['225/60R18 100'] },
      { name: 'Leaf', years: [2011, 2025], fuels: { E: 1 }, tires: ['205/55R16 91', '215/50R17 91'] },
      { name: 'Navara', years: [2005, 2021], fuels: { D: 1 }, tires: ['255/65R17 110'] },
    ],
  },
  {
    id: MAKE.OPEL,
    name: 'Opel',
    weight: 4,
    models: [
      { name: 'Corsa', years: [2005, 2025], fuels: { B: 4, D: 1, E: 1 }, tires: ['185/65R15 88', '195/55R16 87'] },
      { name: 'Astra', years: [2005, 2025], fuels: { B: 3, D: 2, P: 1 }, tires: ['205/55R16 91', '225/45R17 94'] },
      { name: 'Insignia', years: [2009, 2022], fuels: { B: 1, D: 2 }, tires: ['225/55R17 101', '245/45R18 100'] },
      { name: 'Mokka', years: [2013, 2025], fuels: { B: 2, E: 1 }, tires: ['215/55R18 95'] },
      { name: 'Combo', van: true, years: [2005, 2025], fuels: { D: 1 }, tires: ['205/60R16 96'] },
      { name: 'Vivaro', van: true, years: [2005, 2025], fuels: { D: 5, E: 1 }, tires: ['215/65R16 106'] },
    ],
  },
  {
    id: MAKE.PEUGEOT,
    name: 'Peugeot',
    weight: 4,
    models: [
      { name: '208', years: [2012, 2025], fuels: { B: 4, D: 1, E: 1 }, tires: ['185/65R15 88', '195/55R16 87'] },
      { name: '308', years: [2007, 2025], fuels: { B: 2, D: 2, P: 1 }, tires: ['205/55R16 91', '225/45R17 94'] },
      { name: '3008', years: [2009, 2025], fuels: { B: 1, D: 2, P: 1 }, tires: ['215/65R17 99', '225/55R18 98'] },
      { name: '5008', years: [2010, 2025], fuels: { B: 1, D: 2 }, tires: ['225/55R18 98'] },
      { name: 'Partner', van: true, years: [2005, 2025], fuels: { D: 5, E: 1 }, tires: ['205/60R16 96'] },
      { name: 'Expert', van: true, years: [2007, 2025], fuels: { D: 1 }, tires: ['215/65R16 106'] },
    ],
  },
  {
    id: MAKE.RENAULT,
    name: 'Renault',
    weight: 3,
    models: [
      { name: 'Clio', years: [2005, 2025], fuels: { B: 3, D: 1, H: 1 }, tires: ['185/65R15 88', '195/55R16 87'] },
      { name: 'Megane', years: [2005, 2025], fuels: { B: 2, D: 2, E: 1 }, tires: ['205/55R16 91', '205/50R17 93'] },
      { name: 'Captur', years: [2013, 2025], fuels: { B: 2, P: 1 }, tires: ['205/60R17 93', '215/55R18 99'] },
      { name: 'Zoe', years: [2013, 2024], fuels: { E: 1 }, tires: ['185/65R15 88', '195/55R16 87'] },
      { name: 'Kangoo', van: true, years: [2005, 2025], fuels: { D: 4, E: 1 }, tires: ['195/65R15 95'] },
      { name: 'Trafic', van: true, years: [2005, 2025], fuels: { D: 1 }, tires: ['215/65R16 109'] },
    ],
  },
  {
    id: MAKE.SEAT,
    name: 'Seat',
    weight: 2,
    models: [
      { name: 'Ibiza', years: [2005, 2025], fuels: { B: 3, D: 1 }, tires: ['185/65R15 88', '195/55R16 87'] },
      { name: 'Leon', years: [2005, 2025], fuels: { B: 3, D: 2, P: 1 }, tires: ['205/55R16 91', '225/45R17 91'] },
      { name: 'Arona', years: [2018, 2025], fuels: { B: 1 }, tires: ['205/60R16 92'] },
      { name: 'Ateca', years: [2016, 2025], fuels: { B: 2, D: 1 }, tires: ['215/55R17 94'] },
    ],
  },
  {
    id: MAKE.SKODA,
    name: 'Skoda',
    weight: 10,
    models: [
      { name: 'Fabia', years: [2005, 2025], fuels: { B: 3, D: 1 }, tires: ['185/60R15 88', '195/55R16 87'] },
      { name: 'Octavia', years: [2005, 2025], fuels: { B: 3, D: 4, P: 1 }, tires: ['205/55R16 91', '225/45R17 91'] },
      { name: 'Superb', years: [2005, 2025], fuels: { B: 1, D: 3, P: 1 }, tires: ['215/55R17 94', '235/45R18 94'] },
      { name: 'Karoq', years: [2018, 2025], fuels: { B: 2, D: 1 }, tires: ['215/55R17 94'] },
      { name: 'Kodiaq', years: [2017, 2025], fuels: { B: 1, D: 2 }, tires: ['215/65R17 99', '235/55R18 100'] },
      { name: 'Enyaq', years: [2021, 2025], fuels: { E: 1 }, tires: ['235/55R19 101|255/50R19 103'] },
    ],
  },
  {
    id: MAKE.TESLA,
    name: 'Tesla',
    weight: 2,
    models: [
      { name: 'Model S', years: [2013, 2025], fuels: { E: 1 }, tires: ['245/45R19 102'] },
      { name: 'Model 3', years: [2019, 2025], fuels: { E: 1 }, tires: ['235/45R18 98', '235/40R19 96'] },
      { name: 'Model Y', years: [2021, 2025], fuels: { E: 1 }, tires: ['255/45R19 104'] },
    ],
  },
  {
    id: MAKE.TOYOTA,
    name: 'Toyota',
    weight: 14,
    models: [
      { name: 'Yaris', years: [2005, 2025], fuels: { B: 2, H: 3 }, tires: ['175/65R15 84', '185/60R15 84'] },
      { name: 'Auris', years: [2007, 2018], fuels: { B: 2, D: 1, H: 2 }, tires: ['195/65R15 91', '205/55R16 91'] },
      { name: 'Corolla', years: [2005, 2025], fuels: { B: 1, H: 4 }, tires: ['205/55R16 91', '225/45R17 91'] },
      { name: 'Avensis', years: [2005, 2018], fuels: { B: 2, D: 2 }, tires: ['205/60R16 92', '215/55R17 94'] },
      { name: 'Prius', years: [2005, 2022], fuels: { H: 3, P: 1 }, tires: ['195/65R15 91'] },
      { name: 'C-HR', years: [2017, 2025], fuels: { H: 1 }, tires: ['215/60R17 96', '225/50R18 95'] },
      { name: 'RAV4', years: [2005, 2025], fuels: { B: 1, D: 1, H: 3, P: 1 }, tires: ['225/65R17 102', '225/60R18 100'] },
      { name: 'Hilux', years: [2005, 2025], fuels: { D: 1 }, tires: ['265/65R17 112'] },
      { name: 'Proace', van: true, years: [2013, 2025], fuels: { D: 5, E: 1 }, tires: ['215/65R16 106'] },
    ],
  },
  {
    id: MAKE.VOLKSWAGEN,
    name: 'Volkswagen',
    weight: 13,
    models: [
      { name: 'Polo', years: [2005, 2025], fuels: { B: 3, D: 1 }, tires: ['185/65R15 88', '195/55R16 87'] },
      { name: 'Golf', years: [2005, 2025], fuels: { B: 5, D: 3, P: 1, E: 1 }, tires: ['195/65R15 91', '205/55R16 91', '225/45R17 91'] },
      { name: 'Passat', years: [2005, 2025], fuels: { B: 1, D: 4, P: 1 }, tires: ['215/55R17 94', '235/45R18 94'] },
      { name: 'Touran', years: [2005, 2025], fuels: { B: 1, D: 2 }, tires: ['205/55R16 91', '215/55R17 94'] },
      { name: 'Tiguan', years: [2008, 2025], fuels: { B: 2, D: 2, P: 1 }, tires: ['215/65R17 99', '235/55R18 100'] },
      { name: 'T-Roc', years: [2018, 2025], fuels: { B: 1 }, tires: ['215/60R16 95', '215/55R17 94'] },
      { name: 'ID.3', years: [2020, 2025], fuels: { E: 1 }, tires: ['215/55R18 99|235/50R18 101'] },
      { name: 'ID.4', years: [2021, 2025], fuels: { E: 1 }, tires: ['235/60R18 107|255/55R18 109', '235/50R20 104|255/45R20 105'] },
      { name: 'Caddy', van: true, years: [2005, 2025], fuels: { B: 1, D: 5 }, tires: ['205/55R16 94', '205/60R16 96'] },
      { name: 'Transporter', van: true, years: [2005, 2025], fuels: { D: 8, E: 1 }, tires: ['215/65R16 106', '215/60R17 109'] },
      { name: 'Crafter', van: true, years: [2006, 2025], fuels: { D: 1 }, tires: ['235/65R16 115'] },
    ],
  },
  {
    id: MAKE.VOLVO,
    name: 'Volvo',
    weight: 8,
    models: [
      { name: 'V40', years: [2005, 2019], fuels: { B: 2, D: 2 }, tires: ['205/55R16 91', '205/50R17 93'] },
      { name: 'S60', years: [2005, 2025], fuels: { B: 1, D: 1, P: 1 }, tires: ['225/50R17 98', '235/45R18 98'] },
      { name: 'V60', years: [2010, 2025], fuels: { B: 1, D: 3, P: 2 }, tires: ['215/55R17 98', '235/45R18 98'] },
      { name: 'V70', years: [2005, 2016], fuels: { B: 1, D: 3 }, tires: ['205/60R16 96', '225/50R17 98'] },
      { name: 'V90', years: [2016, 2025], fuels: { D: 2, P: 1 }, tires: ['245/45R18 100'] },
      { name: 'XC40', years: [2018, 2025], fuels: { B: 2, P: 1, E: 1 }, tires: ['235/55R18 100', '235/50R19 99'] },
      { name: 'XC60', years: [2008, 2025], fuels: { B: 1, D: 3, P: 3 }, tires: ['235/60R18 107', '235/55R19 105'] },
      { name: 'XC90', years: [2005, 2025], fuels: { D: 3, P: 2 }, tires: ['235/60R19 107', '275/45R20 110'] },
    ],
  },
  {
    id: MAKE.DACIA,
    name: 'Dacia',
    weight: 1,
    models: [
      { name: 'Sandero', years: [2008, 2025], fuels: { B: 1 }, tires: ['185/65R15 88'] },
      { name: 'Duster', years: [2010, 2025], fuels: { B: 2, D: 1 }, tires: ['215/65R16 98'] },
    ],
  },
  {
    id: MAKE.HONDA,
    name: 'Honda',
    weight: 2,
    models: [
      { name: 'Jazz', years: [2005, 2025], fuels: { B: 2, H: 1 }, tires: ['185/55R16 83'] },
      { name: 'Civic', years: [2005, 2025], fuels: { B: 3, D: 1, H: 1 }, tires: ['205/55R16 91', '215/50R17 91'] },
      { name: 'CR-V', years: [2005, 2025], fuels: { B: 1, D: 1, H: 2 }, tires: ['225/65R17 102', '235/60R18 103'] },
    ],
  },
  {
    id: MAKE.SUZUKI,
    name: 'Suzuki',
    weight: 2,
    models: [
      { name: 'Swift', years: [2005, 2025], fuels: { B: 1, H: 1 }, tires: ['185/55R16 83'] },
      { name: 'Vitara', years: [2015, 2025], fuels: { B: 1, H: 1 }, tires: ['215/60R16 95', '215/55R17 94'] },
      { name: 'SX4 S-Cross', years: [2013, 2025], fuels: { B: 1, H: 1 }, tires: ['215/60R16 95'] },
    ],
  },
];

export interface VehicleTire {
  width: number;
  aspectRatio: number;
  constructionType: string;
  rimDiameter: number;
  loadIndex: number;
}

export interface AxleTires {
  front: VehicleTire;
  rear: VehicleTire;
}

const TIRE_SIZE = /^(\d{3})\/(\d{2})R(\d{2}) (\d{2,3})$/;

function parseTire(size: string): VehicleTire {
  const m = TIRE_SIZE.exec(size);
  if (!m) throw new Error(`Bad tire size in the catalogue: ${size}`);
  return {
    width: Number(m[1]),
    aspectRatio: Number(m[2]),
    constructionType: 'R',
    rimDiameter: Number(m[3]),
    loadIndex: Number(m[4]),
  };
}

/** '225/45R18 95|255/40R18 99' → front and rear; one size fits both axles. */
export function parseAxleTires(spec: string): AxleTires {
  const [front = spec, rear = front] = spec.split('|');
  return { front: parseTire(front), rear: parseTire(rear) };
}

export function classificationOf(model: ModelSpec): number {
  return model.van ? VEHICLE_CLASS.VAN : VEHICLE_CLASS.PASSENGER_CAR;
}

/** Model ids are make id × 100 + position, so they stay stable as long as models are appended. */
export function modelId(make: MakeSpec, index: number): number {
  return make.id * 100 + index + 1;
}

export function findMake(id: number): MakeSpec {
  const make = MAKES.find((m) => m.id === id);
  if (!make) throw new Error(`Unknown make id ${id}`);
  return make;
}

export function findModel(makeId: number, name: string): ModelSpec {
  const model = findMake(makeId).models.find((m) => m.name === name);
  if (!model) throw new Error(`Unknown model ${name} of make ${makeId}`);
  return model;
}
