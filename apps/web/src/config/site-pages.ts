/**
 * The site's statement pages, linked from every page's footer: their own module, so that the
 * stand-alone landing page and first step link them without the app's paths (and the domain's
 * processes those bring).
 */
export const SITE_PAGES = {
  /** The privacy notice (Tietosuojaseloste): also linked from the details step and the loyalty registration. */
  privacy: '/tietosuojaseloste',
  /** The accessibility statement (Saavutettavuusseloste) with its feedback form. */
  accessibility: '/saavutettavuusseloste',
} as const;
