/**
 * The reader's language in the renderer (decision 0144). Labels that come from metadata arrive
 * already in the user's language (the server localises screens, menus and modules); this module
 * holds the rest: the language of the signed-in session, the Intl locale dates and numbers are
 * shown in, and the few texts the renderer writes itself (form buttons, Yes/No, loading states).
 * Texts the spec gives word for word (the account menu, the profile's tabs, "Showing x to y of n
 * entries", messages) are not in the dictionary and stay as the spec writes them.
 *
 *   setLanguage(session.language);   // SessionProvider, on every session change
 *   t('Save');                       // 'Simpan' for an Indonesian reader
 *   numberLocale();                  // 'id-ID'
 */
export type Language = 'en' | 'id';

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', id: 'Bahasa Indonesia' };

const LOCALES: Record<Language, string> = { en: 'en-GB', id: 'id-ID' };

/** The renderer's own texts in Indonesian, by their English text. */
const ID: Record<string, string> = {
  Save: 'Simpan',
  'Saving…': 'Menyimpan…',
  Delete: 'Hapus',
  Close: 'Tutup',
  New: 'Baru',
  Yes: 'Ya',
  No: 'Tidak',
  'Read only': 'Hanya baca',
  'Loading…': 'Memuat…',
  'Loading screen…': 'Memuat layar…',
  'Loading menu…': 'Memuat menu…',
  'Loading module…': 'Memuat modul…',
  'Loading record…': 'Memuat data…',
  'Loading form…': 'Memuat formulir…',
  'Loading page…': 'Memuat halaman…',
  All: 'Semua',
  'Contains…': 'Berisi…',
  'Search…': 'Cari…',
  From: 'Dari',
  To: 'Sampai',
  Home: 'Beranda',
  History: 'Riwayat',
  Verify: 'Verifikasi',
  'Verify signatures': 'Verifikasi tanda tangan',
  'Every signature is intact: what was signed has not changed since.': 'Semua tanda tangan utuh: yang ditandatangani tidak berubah sejak itu.',
  'A signed record has changed since it was signed.': 'Data yang ditandatangani telah berubah sejak ditandatangani.',
  'Nothing is signed on this record yet.': 'Belum ada yang ditandatangani pada data ini.',
  Record: 'Data',
  Signature: 'Tanda tangan',
  'Signed by': 'Ditandatangani oleh',
  'Signed at': 'Waktu tanda tangan',
  Seal: 'Segel',
  Status: 'Status',
  'No longer matches': 'Tidak lagi sesuai',
  Intact: 'Utuh',
  Changed: 'Berubah',
  'Seal altered': 'Segel diubah',
  'Record missing': 'Data hilang',
  Superseded: 'Digantikan',
  Signed: 'Ditandatangani',
  Now: 'Sekarang',
  Export: 'Ekspor',
  Import: 'Impor',
  Language: 'Bahasa',
  'Pick a date': 'Pilih tanggal',
  'Save language': 'Simpan bahasa',
  'Labels, menus, dates and numbers are shown in this language.': 'Label, menu, tanggal dan angka ditampilkan dalam bahasa ini.',
  // signatures (decision 0301)
  Cancel: 'Batal',
  'Please wait…': 'Mohon tunggu…',
  Password: 'Kata sandi',
  Sign: 'Tanda tangani',
  Code: 'Kode',
  Secret: 'Kunci rahasia',
  'What you sign': 'Yang Anda tanda tangani',
  Document: 'Dokumen',
  Detail: 'Rincian',
  'Code of your authenticator': 'Kode aplikasi autentikator Anda',
  'Enrol an authenticator on User Profile before signing.': 'Daftarkan aplikasi autentikator di Profil Pengguna sebelum menandatangani.',
  'Second factor for signatures': 'Faktor kedua untuk tanda tangan',
  'Certifying signatures (task cards, CRS, variations, extensions, incoming inspection, authorisations) ask for your password and a 6-digit code of an authenticator app on your phone.': 'Tanda tangan sertifikasi (kartu tugas, CRS, variasi, perpanjangan, inspeksi penerimaan, otorisasi) meminta kata sandi Anda dan kode 6 digit dari aplikasi autentikator di ponsel Anda.',
  'Your company requires it.': 'Perusahaan Anda mewajibkannya.',
  'Your company does not require it at present.': 'Perusahaan Anda saat ini tidak mewajibkannya.',
  'Enrolled on': 'Terdaftar pada',
  'An administrator resets it if you change phones.': 'Administrator mengatur ulang bila Anda berganti ponsel.',
  'Scan this QR code with your authenticator app, or type the secret into it; then type the code it shows.': 'Pindai kode QR ini dengan aplikasi autentikator Anda, atau ketik kunci rahasianya; lalu ketik kode yang ditampilkannya.',
  'QR code of the new secret': 'Kode QR kunci rahasia baru',
  'Confirm code': 'Konfirmasi kode',
  'Enrol an authenticator': 'Daftarkan autentikator',
  'Second factor enrolled: your signatures now ask for its code.': 'Faktor kedua terdaftar: tanda tangan Anda kini meminta kodenya.',
};

let current: Language = 'en';

/** The session's language (anything else is English). */
export function setLanguage(language: unknown): void {
  current = language === 'id' ? 'id' : 'en';
  if (typeof document !== 'undefined' && document.documentElement.lang !== current) document.documentElement.lang = current;
}

export function language(): Language {
  return current;
}

/** A text the renderer writes itself, in the reader's language (English when it has no translation). */
export function t(text: string): string {
  return current === 'id' ? (ID[text] ?? text) : text;
}

/** The Intl locale of numbers and dates: en-GB or id-ID. */
export function numberLocale(): string {
  return LOCALES[current];
}

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthCache = new Map<string, string[]>();

/**
 * Short month names of the reader's language for the spec's DD MMM YYYY dates: Jan … Dec (the
 * spec's, not en-GB's "Sept"), or id-ID's Jan … Des.
 */
export function shortMonths(): string[] {
  if (current === 'en') return MONTHS_EN;
  const locale = numberLocale();
  let months = monthCache.get(locale);
  if (!months) {
    const f = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
    months = Array.from({ length: 12 }, (_, m) => f.format(new Date(Date.UTC(2024, m, 15))).replace(/\.$/, ''));
    monthCache.set(locale, months);
  }
  return months;
}
