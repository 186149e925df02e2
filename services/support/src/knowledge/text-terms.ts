/** Lower case without accents, so "contraseña", "Contrasena" and "CONTRASEÑA" match. */
export const fold = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

// Words that say nothing about the topic, in both languages.
const STOP_WORDS = new Set(
  (
    'a al algo como con de del el en es esta este hay la las lo los me mi mis muy no o para pero por que se si sin su sus te tengo tu un una y ya yo ' +
    'an and are as at be but by can do does for from have how i if in is it my of on or so that the this to was what when where why with you your'
  ).split(' '),
);

/** MiniSearch's term filter: folded, and nothing for stop words. */
export const searchTerm = (term: string): string | null => {
  const folded = fold(term);
  return folded.length < 2 || STOP_WORDS.has(folded) ? null : folded;
};
