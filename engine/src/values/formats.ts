/**
 * The string formats of metadata fields (`format: email | username | phone`): the pattern the one
 * entity schema checks in the browser and on the server, and the words both say when a value does
 * not match (issue 37 point 4: "not-an-email" refused at the field, in words, not as a regex).
 *
 *   new RegExp(STRING_FORMATS.phone).test('+62 21 550 1234');   // true
 *   formatMessage(STRING_FORMATS.email);                        // 'must be an e-mail address such as name@example.com'
 */
export const STRING_FORMATS = {
  email: '^[^\\s@<>()\\[\\],;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$',
  username: '^[A-Za-z0-9][A-Za-z0-9._-]{2,49}$',
  // an optional +, then digits with spaces, ( ) - . / between them; 6 to 20 digits in all
  phone: '^(?=(?:[^0-9]*[0-9]){6,20}[^0-9]*$)\\+?[0-9(][0-9 ().\\-/]*[0-9]$',
} as const;

export type StringFormat = keyof typeof STRING_FORMATS;

const MESSAGES: Record<StringFormat, string> = {
  email: 'must be an e-mail address such as name@example.com',
  username: "must be 3 to 50 letters, digits, '.', '_' or '-', starting with a letter or digit",
  phone: 'must be a phone number: 6 to 20 digits, an optional + in front, spaces ( ) - . / between them',
};

const MESSAGES_ID: Record<StringFormat, string> = {
  email: 'harus berupa alamat e-mail seperti nama@contoh.com',
  username: "harus 3 sampai 50 huruf, angka, '.', '_' atau '-', diawali huruf atau angka",
  phone: 'harus berupa nomor telepon: 6 sampai 20 angka, boleh diawali +, dengan spasi ( ) - . / di antaranya',
};

/** The words of a format's pattern (undefined for a pattern that is not one of the formats). */
export function formatMessage(pattern: string, language: 'en' | 'id' = 'en'): string | undefined {
  const name = (Object.keys(STRING_FORMATS) as StringFormat[]).find((k) => STRING_FORMATS[k] === pattern);
  return name ? (language === 'id' ? MESSAGES_ID : MESSAGES)[name] : undefined;
}
