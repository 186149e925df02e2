import { fold } from '../knowledge/text-terms.js';
import type { Language } from '../language.js';

const SPANISH = new Set(
  'el la los las de del que y en un una es no mi me por para con como pero ya se lo al mis tengo puedo veo pague hola gracias quiero cuenta boton contrasena pago tarjeta ayuda cambio donde porque cuando esta'.split(
    ' ',
  ),
);
const ENGLISH = new Set(
  'the a an of and to in is it my i me for with how but can cant dont not see paid hello thanks want account button password payment card help change where why when this that was what'.split(
    ' ',
  ),
);

/**
 * The language a message is written in, when it is clear (two more telling words of one than
 * of the other, or Spanish punctuation and letters); otherwise undefined and the request's
 * language applies.
 */
export function detectLanguage(text: string): Language | undefined {
  if (/[¿¡ñ]/i.test(text)) return 'es';
  const words = fold(text)
    .replace(/'/g, '')
    .split(/[^a-z]+/)
    .filter(Boolean);
  let es = 0;
  let en = 0;
  for (const word of words) {
    if (SPANISH.has(word)) es++;
    if (ENGLISH.has(word)) en++;
  }
  if (/[áéíóú]/i.test(text)) es++;
  if (es >= en + 2 || (es > 0 && en === 0)) return 'es';
  if (en >= es + 2 || (en > 0 && es === 0)) return 'en';
  return undefined;
}
