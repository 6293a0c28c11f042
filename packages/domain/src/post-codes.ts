/**
 * Approximate coordinates of a Finnish post code's area, for an office whose own coordinates
 * are not given (the nearest-first office list needs a point). Keyed by the post code's first
 * two digits: each entry is the main town of that two-digit area, so the point is right to
 * the area, not to the street — tens of kilometres off in the large northern areas. An office
 * whose exact place matters is given its own latitude and longitude, which always win.
 * WGS84 degrees, rounded to two decimals; the areas after Posti's numbering of post codes.
 */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The main town of each two-digit post-code area, [latitude, longitude]. */
const POST_CODE_AREAS: Readonly<Record<string, readonly [number, number]>> = {
  '00': [60.17, 24.94], // Helsinki
  '01': [60.29, 25.04], // Vantaa
  '02': [60.21, 24.66], // Espoo
  '03': [60.33, 24.33], // Vihti (Nummela)
  '04': [60.47, 25.09], // Järvenpää
  '05': [60.63, 24.86], // Hyvinkää
  '06': [60.39, 25.66], // Porvoo
  '07': [60.46, 26.23], // Loviisa
  '08': [60.25, 24.07], // Lohja
  '09': [60.24, 23.72], // Karjalohja (Lohja)
  '10': [60.07, 23.66], // Raasepori (Karjaa)
  '11': [60.74, 24.77], // Riihimäki
  '12': [60.72, 24.44], // Loppi
  '13': [61.0, 24.46], // Hämeenlinna
  '14': [60.92, 24.64], // Janakkala (Turenki)
  '15': [60.98, 25.66], // Lahti
  '16': [60.8, 25.73], // Orimattila
  '17': [61.17, 25.55], // Asikkala (Vääksy)
  '18': [61.2, 26.03], // Heinola
  '19': [61.5, 25.68], // Sysmä
  '20': [60.45, 22.27], // Turku
  '21': [60.49, 22.17], // Raisio
  '22': [60.1, 19.94], // Maarianhamina
  '23': [60.8, 21.41], // Uusikaupunki
  '24': [60.38, 23.13], // Salo
  '25': [60.2, 23.14], // Perniö (Salo)
  '26': [61.13, 21.51], // Rauma
  '27': [61.13, 22.13], // Eura
  '28': [61.48, 21.8], // Pori
  '29': [61.31, 22.14], // Harjavalta
  '30': [60.81, 23.62], // Forssa
  '31': [61.08, 23.55], // Urjala
  '32': [60.85, 23.06], // Loimaa
  '33': [61.5, 23.76], // Tampere
  '34': [61.99, 24.07], // Ruovesi
  '35': [61.68, 24.36], // Orivesi
  '36': [61.46, 24.07], // Kangasala
  '37': [61.48, 23.51], // Nokia
  '38': [61.34, 22.92], // Sastamala
  '39': [61.77, 23.07], // Ikaalinen
  '40': [62.24, 25.75], // Jyväskylä
  '41': [62.41, 25.95], // Laukaa
  '42': [61.86, 25.19], // Jämsä
  '43': [62.71, 25.26], // Saarijärvi
  '44': [62.6, 25.73], // Äänekoski
  '45': [60.87, 26.7], // Kouvola
  '46': [60.77, 26.8], // Anjalankoski (Kouvola)
  '47': [60.89, 26.34], // Iitti (Kausala)
  '48': [60.47, 26.95], // Kotka
  '49': [60.57, 27.2], // Hamina
  '50': [61.69, 27.27], // Mikkeli
  '51': [61.99, 26.64], // Kangasniemi
  '52': [61.42, 26.88], // Mäntyharju
  '53': [61.06, 28.19], // Lappeenranta
  '54': [60.92, 27.57], // Luumäki (Taavetti)
  '55': [61.17, 28.77], // Imatra
  '56': [61.29, 28.82], // Ruokolahti
  '57': [61.87, 28.88], // Savonlinna
  '58': [61.76, 29.39], // Punkaharju (Savonlinna)
  '59': [61.55, 29.5], // Parikkala
  '60': [62.79, 22.84], // Seinäjoki
  '61': [62.62, 22.41], // Kurikka
  '62': [62.97, 23.01], // Lapua
  '63': [62.66, 23.62], // Alavus
  '64': [62.47, 21.33], // Närpiö
  '65': [63.1, 21.62], // Vaasa
  '66': [63.08, 21.88], // Mustasaari
  '67': [63.84, 23.13], // Kokkola
  '68': [63.67, 22.7], // Pietarsaari
  '69': [63.87, 23.85], // Kannus
  '70': [62.89, 27.68], // Kuopio
  '71': [63.08, 27.66], // Siilinjärvi
  '72': [63.24, 26.76], // Pielavesi
  '73': [63.37, 27.39], // Lapinlahti
  '74': [63.56, 27.19], // Iisalmi
  '75': [63.54, 29.14], // Nurmes
  '76': [62.3, 27.13], // Pieksämäki
  '77': [62.62, 27.12], // Suonenjoki
  '78': [62.32, 27.87], // Varkaus
  '79': [62.49, 27.79], // Leppävirta
  '80': [62.6, 29.76], // Joensuu
  '81': [63.32, 30.02], // Lieksa
  '82': [62.1, 30.14], // Kitee
  '83': [62.73, 29.02], // Outokumpu
  '84': [64.08, 24.55], // Ylivieska
  '85': [63.92, 24.97], // Nivala
  '86': [64.27, 24.82], // Oulainen
  '87': [64.23, 27.73], // Kajaani
  '88': [64.13, 28.39], // Sotkamo
  '89': [64.89, 28.91], // Suomussalmi
  '90': [65.01, 25.47], // Oulu
  '91': [64.81, 25.42], // Liminka
  '92': [64.68, 24.48], // Raahe
  '93': [65.96, 29.19], // Kuusamo
  '94': [65.74, 24.56], // Kemi
  '95': [65.85, 24.15], // Tornio
  '96': [66.5, 25.73], // Rovaniemi
  '97': [65.93, 26.52], // Ranua
  '98': [66.71, 27.43], // Kemijärvi
  '99': [67.42, 26.59], // Sodankylä
};

/**
 * The approximate point of a five-digit Finnish post code's area (its main town), or null
 * for a code that is not five digits.
 */
export function postCodeCoordinates(postCode: string): Coordinates | null {
  if (!/^\d{5}$/.test(postCode)) return null;
  const area = POST_CODE_AREAS[postCode.slice(0, 2)];
  return area ? { latitude: area[0], longitude: area[1] } : null;
}
