/**
 * The reader's language in the renderer (decision 0144). Labels that come from metadata arrive
 * already in the user's language (the server localises screens, menus and modules); this module
 * holds the rest: the language of the signed-in session, the Intl locale dates and numbers are
 * shown in, and the few texts the renderer writes itself (form buttons, Yes/No, loading states).
 * Texts the spec gives word for word (the account menu, the profile's tabs, messages) are not in
 * the dictionary and stay as the spec writes them; the list's "Show … entries" and "Showing x to y
 * of n entries" are (issue 37 point 9), English unchanged.
 *
 *   setLanguage(session.language);   // SessionProvider, on every session change
 *   t('Save');                       // 'Simpan' for an Indonesian reader
 *   numberLocale();                  // 'id-ID'
 */
export type Language = 'en' | 'id';

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', id: 'Bahasa Indonesia' };

const LOCALES: Record<Language, string> = { en: 'en-GB', id: 'id-ID' };

/**
 * The renderer's own texts in Indonesian, by their English text. Every literal `t('…')` of
 * renderer/src has its entry here: check:metadata refuses one without (engine/scripts/renderer-dictionary.ts).
 */
export const ID: Record<string, string> = {
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
  'Preview (dry run)': 'Pratinjau (uji coba)',
  File: 'Berkas',
  Item: 'Butir',
  'Where in the file': 'Letak dalam berkas',
  'Download the template': 'Unduh templat',
  Problem: 'Masalah',
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
  'Under authorisation': 'Berdasarkan otorisasi',
  'is required': 'wajib diisi',
  'Choose…': 'Pilih…',
  'This cannot be signed now:': 'Ini tidak dapat ditandatangani sekarang:',
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
  // lists, the open aircraft, dialogs and history (issue 37 point 9)
  Show: 'Tampilkan',
  entries: 'entri',
  Showing: 'Menampilkan',
  to: 'sampai',
  of: 'dari',
  'Open Aircraft': 'Buka Pesawat',
  'Opening aircraft…': 'Membuka pesawat…',
  none: 'tidak ada',
  Change: 'Ganti',
  'Close aircraft': 'Tutup pesawat',
  'Registration, MSN…': 'Registrasi, MSN…',
  User: 'Pengguna',
  Filter: 'Saring',
  'No history for these filters.': 'Tidak ada riwayat untuk saringan ini.',
  When: 'Waktu',
  What: 'Kejadian',
  Field: 'Kolom',
  Created: 'Dibuat',
  Deleted: 'Dihapus',
  'Sent to workflow': 'Dikirim ke alur kerja',
  'Posted to': 'Diposting ke',
  added: 'ditambah',
  changed: 'diubah',
  removed: 'dihapus',
  // the approval form (issue 37 points 6 and 9, decision 0286); the spec's toasts stay English
  'Approval/Task Form': 'Formulir Persetujuan/Tugas',
  'Task Form': 'Formulir Tugas',
  Task: 'Tugas',
  Approval: 'Persetujuan',
  'Step {seq} of {of}: {name}': 'Langkah {seq} dari {of}: {name}',
  Draft: 'Draf',
  'On process': 'Dalam proses',
  Approved: 'Disetujui',
  Rejected: 'Ditolak',
  Reviewed: 'Ditinjau',
  Completed: 'Selesai',
  Queued: 'Ditunda',
  Expired: 'Kedaluwarsa',
  'Document Name': 'Nama Dokumen',
  'Requested By': 'Diminta Oleh',
  'Request Date': 'Tanggal Permintaan',
  'Requestor Position': 'Jabatan Peminta',
  Department: 'Departemen',
  'View Budget': 'Lihat Anggaran',
  'Annual budget of the department': 'Anggaran tahunan departemen',
  'The requestor has no department': 'Peminta tidak memiliki departemen',
  'Assigned To': 'Ditugaskan Kepada',
  'on behalf of {name}': 'atas nama {name}',
  Workflow: 'Alur Kerja',
  'Open requisition': 'Buka permintaan material',
  Attachments: 'Lampiran',
  Add: 'Tambah',
  'No attachment.': 'Tidak ada lampiran.',
  'downloading…': 'mengunduh…',
  '{file} attached': '{file} terlampir',
  'Approval Action': 'Tindakan Persetujuan',
  'Task Action': 'Tindakan Tugas',
  'Your comment (required)': 'Komentar Anda (wajib)',
  Comment: 'Komentar',
  'The sample document offers no action.': 'Dokumen contoh tidak menawarkan tindakan.',
  'This approval has been acted on.': 'Persetujuan ini sudah ditindaklanjuti.',
  'This task has been acted on.': 'Tugas ini sudah ditindaklanjuti.',
  'This approval is assigned to {name}.': 'Persetujuan ini ditugaskan kepada {name}.',
  'This task is assigned to {name}.': 'Tugas ini ditugaskan kepada {name}.',
  'someone else': 'orang lain',
  Approve: 'Setujui',
  Review: 'Tinjau',
  Routing: 'Pengalihan',
  Complete: 'Selesaikan',
  Reject: 'Tolak',
  'Route to': 'Alihkan kepada',
  'Select a user/employee…': 'Pilih pengguna/karyawan…',
  'Pick a user': 'Pilih pengguna',
  'Proceed Routing': 'Lanjutkan Pengalihan',
  'Cancel Routing': 'Batalkan Pengalihan',
  Queuing: 'Antrean',
  'Est. Start Date': 'Perkiraan Tanggal Mulai',
  'Proceed Queuing': 'Lanjutkan Antrean',
  'Cancel Queuing': 'Batalkan Antrean',
  'Select User/Employee': 'Pilih Pengguna/Karyawan',
  'No user found': 'Pengguna tidak ditemukan',
  'Loading users…': 'Memuat pengguna…',
  'Workflow History': 'Riwayat Alur Kerja',
  'No workflow history yet.': 'Belum ada riwayat alur kerja.',
  'Assign Date': 'Tanggal Penugasan',
  'Assign To': 'Ditugaskan Kepada',
  'Action Take': 'Tindakan',
  'Complete Date': 'Tanggal Selesai',
  Waiting: 'Menunggu',
  'by {name}': 'oleh {name}',
  'queued until {date}': 'ditunda sampai {date}',
  'Annual Budget {year}': 'Anggaran Tahunan {year}',
  'Loading budget…': 'Memuat anggaran…',
  'Document Preview': 'Pratinjau Dokumen',
  'Document preview': 'Pratinjau dokumen',
  'Document print preview': 'Pratinjau cetak dokumen',
  'Open document': 'Buka dokumen',
  'The sample document has no print preview.': 'Dokumen contoh tidak memiliki pratinjau cetak.',
  'Preparing the print preview…': 'Menyiapkan pratinjau cetak…',
  Refresh: 'Muat ulang',
  'Open in a new tab': 'Buka di tab baru',
  'Sample document': 'Dokumen contoh',
  'no approval/task was chosen. This read-only sample shows what an approval looks like; open one from': 'tidak ada persetujuan/tugas yang dipilih. Contoh hanya-baca ini menunjukkan rupa sebuah persetujuan; buka salah satu dari',
  'Pending Approval/Task': 'Persetujuan/Tugas Tertunda',
  'to act on it.': 'untuk menindaklanjutinya.',
  // the bell and home across companies (decision 0256)
  'Switched to {company} to open this item.': 'Beralih ke {company} untuk membuka butir ini.',
  Company: 'Perusahaan',
  // a refusal naming several problems, each at its field (decision 0377)
  '{n} problems, each marked at its field:': '{n} masalah, masing-masing ditandai pada kolomnya:',
  'Loading Appoval/Task Detail, please wait': 'Memuat detail persetujuan/tugas, mohon tunggu',
  // the user lists (Manage User, the routing pick): columns and filters
  'User name': 'Nama pengguna',
  'Full Name': 'Nama Lengkap',
  'Company Name': 'Nama Perusahaan',
  'Job Title': 'Jabatan',
  'Filter user name': 'Saring nama pengguna',
  'Filter full name': 'Saring nama lengkap',
  // the module menu folded and opened (generic/menuCollapse.ts)
  'Hide menu': 'Sembunyikan menu',
  'Show menu': 'Tampilkan menu',
  // the permission letters' names (ui/letters.ts: the letters widget and Menu Access)
  Create: 'Buat',
  Read: 'Baca',
  Update: 'Ubah',
  Print: 'Cetak',
  Other: 'Lainnya',
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
