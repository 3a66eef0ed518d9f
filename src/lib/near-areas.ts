/** How many ZIP areas count as near (decision 0045), apart from the map that finds them: the web reads these. */

/** How many ZIP areas besides the shopper's own are near. */
export const NEAREST_AREAS = 20;
/** The most areas a widened search reaches (a quiet town's "show the nearest reports"). */
export const MAX_AREAS = 500;
