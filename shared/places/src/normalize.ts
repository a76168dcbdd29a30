/** Letters that NFD does not split into a base letter and a mark. */
const FOLDS: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const PLAIN = /^[a-z0-9]+(?: [a-z0-9]+)*$/;
const FOLDABLE = new RegExp(`[${Object.keys(FOLDS).join('')}]`, 'g');

/**
 * The form names are compared in: lower case, accents and marks dropped ('São Paulo' → 'sao paulo'), and any run
 * of punctuation or spaces made one space ('Saint-Étienne' → 'saint etienne'), so typing either spelling finds it.
 */
export function normalizePlaceText(text: string): string {
  const lower = text.toLowerCase();
  // Most names are plain ASCII words: already normal, and the gazetteer normalises 112k of them at load.
  if (PLAIN.test(lower)) return lower;
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(FOLDABLE, (letter) => FOLDS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
