/**
 * The reader's language in the renderer (decision 0144). Labels that come from metadata arrive
 * already in the user's language (the server localises screens, menus and modules); this module
 * holds the rest: the language of the signed-in session, the Intl locale dates and numbers are
 * shown in, and every text the renderer draws itself (issue 37 point 9, decision 0425): buttons,
 * headings, loading states, the shell, labels and aria-labels. The spec's English texts are the
 * keys, word for word ('Pending Approval/Task', 'Loading Appoval/Task Detail, please wait'); an
 * English reader sees them unchanged. A sentence broken by values is ONE text with named
 * placeholders, never fragments; symbols alone ('*', '…', '×') are not texts.
 *
 *   setLanguage(session.language);          // SessionProvider, on every session change
 *   t('Save');                              // 'Simpan' for an Indonesian reader
 *   t('Welcome, {name}', { name });         // 'Selamat datang, Budi'
 *   tNodes('Signed in as {user} …', { user: <strong>{username}</strong> });   // the same, with elements
 *   numberLocale();                         // 'id-ID'
 *
 * check:metadata refuses a literal `t('…')`/`tNodes('…')` without its entry here, and a literal
 * drawn text not through t() (engine/scripts/renderer-dictionary.ts; lint's react/jsx-no-literals).
 */
import { Fragment, createElement, type ReactNode } from 'react';

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
  // the user lists (Manage User, the routing pick): columns and filters
  'User name': 'Nama pengguna',
  'Company Name': 'Nama Perusahaan',
  'Job Title': 'Jabatan',
  // the module menu folded and opened (generic/menuCollapse.ts)
  'Hide menu': 'Sembunyikan menu',
  'Show menu': 'Tampilkan menu',
  // the permission letters' names (ui/letters.ts: the letters widget and Menu Access)
  Create: 'Buat',
  Read: 'Baca',
  Update: 'Ubah',
  Print: 'Cetak',
  Other: 'Lainnya',
  // the shell, home, modules and the public pages (issue 37 point 9)
  'Skip to content': 'Langsung ke konten',
  'Sign Out': 'Keluar',
  Notifications: 'Notifikasi',
  'Notifications: {n}': 'Notifikasi: {n}',
  '{product} modules': 'Modul {product}',
  'my app': 'aplikasi saya',
  'API host': 'Host API',
  'Switch Company': 'Ganti Perusahaan',
  'Switching company…': 'Mengganti perusahaan…',
  'Filter companies': 'Saring perusahaan',
  'No company available': 'Tidak ada perusahaan',
  'The menu could not be loaded.': 'Menu tidak dapat dimuat.',
  'No menu entries.': 'Tidak ada entri menu.',
  Shortcuts: 'Pintasan',
  'Shortcut Links': 'Tautan Pintasan',
  'Loading shortcuts…': 'Memuat pintasan…',
  Modules: 'Modul',
  'Loading modules…': 'Memuat modul…',
  'Welcome, {name}': 'Selamat datang, {name}',
  'Dismiss notification': 'Tutup notifikasi',
  Dismiss: 'Tutup',
  Pagination: 'Halaman',
  'First page': 'Halaman pertama',
  'Previous page': 'Halaman sebelumnya',
  'Next page': 'Halaman berikutnya',
  'Last page': 'Halaman terakhir',
  'Try again': 'Coba lagi',
  Reload: 'Muat ulang halaman',
  'The page you are looking for does not exist.': 'Halaman yang Anda cari tidak ada.',
  'Go home': 'Ke beranda',
  'Oops! Un Authorize Access. The page you are looking for is secured.': 'Ups! Akses Tidak Diizinkan. Halaman yang Anda cari diamankan.',
  'Back to modules': 'Kembali ke modul',
  'This screen arrives with the approval workflow.': 'Layar ini hadir bersama alur kerja persetujuan.',
  System: 'Sistem',
  'Aviation back-office for airline and maintenance-company staff: aircraft logistics and inventory, procurement, aircraft maintenance and MRO work, with approval workflows.': 'Back-office penerbangan untuk staf maskapai dan perusahaan perawatan: logistik dan inventaris pesawat, pengadaan, perawatan pesawat dan pekerjaan MRO, dengan alur kerja persetujuan.',
  // lists, export, records
  'Clear filters': 'Hapus saringan',
  Filters: 'Saringan',
  'Export to Excel': 'Ekspor ke Excel',
  'Export progress': 'Kemajuan ekspor',
  '{received} received · about {rows} row': '{received} diterima · sekitar {rows} baris',
  '{received} received · about {rows} rows': '{received} diterima · sekitar {rows} baris',
  '{received} received of {expected} · about {rows} row': '{received} dari {expected} diterima · sekitar {rows} baris',
  '{received} received of {expected} · about {rows} rows': '{received} dari {expected} diterima · sekitar {rows} baris',
  'Delete record?': 'Hapus data?',
  'Temporary password:': 'Kata sandi sementara:',
  'It is shown only once: pass it on to the user.': 'Ini hanya ditampilkan sekali: sampaikan kepada pengguna.',
  'Filter user name': 'Saring nama pengguna',
  'Filter full name': 'Saring nama lengkap',
  // sign-in
  'Sign In to your account': 'Masuk ke akun Anda',
  "Don't have an account?": 'Belum punya akun?',
  'Register for a demo/trial': 'Daftar untuk demo/uji coba',
  Client: 'Klien',
  Username: 'Nama pengguna',
  'Company sign-in': 'Masuk lewat perusahaan',
  'Sign in with {provider}': 'Masuk dengan {provider}',
  'Another company': 'Perusahaan lain',
  'Company code': 'Kode perusahaan',
  "Continue with the company's provider": 'Lanjutkan dengan penyedia perusahaan',
  'Change Password': 'Ganti Kata Sandi',
  'Signed in as {user} with the default password. Choose a new password to continue.': 'Masuk sebagai {user} dengan kata sandi bawaan. Pilih kata sandi baru untuk melanjutkan.',
  'Back to sign in': 'Kembali ke halaman masuk',
  // the user profile
  'User Profile': 'Profil Pengguna',
  Account: 'Akun',
  Email: 'Email',
  Mobile: 'Ponsel',
  'Username is required': 'Nama pengguna wajib diisi',
  'Reset Password': 'Atur Ulang Kata Sandi',
  'Reset your password to a new default password; you will have to change it at the next sign-in.': 'Atur ulang kata sandi Anda ke kata sandi bawaan yang baru; Anda harus menggantinya saat masuk berikutnya.',
  'RESET PASSWORD?': 'ATUR ULANG KATA SANDI?',
  'The new default password is {password}. Note it down: you will have to change it at the next sign-in.': 'Kata sandi bawaan yang baru adalah {password}. Catatlah: Anda harus menggantinya saat masuk berikutnya.',
  'The password of {user} will be reset to a default password and every session of the account will end. Do you want to continue?': 'Kata sandi {user} akan diatur ulang ke kata sandi bawaan dan setiap sesi akun ini akan berakhir. Apakah Anda ingin melanjutkan?',
  'Current password': 'Kata sandi saat ini',
  'Personal Information': 'Informasi Pribadi',
  'Full Name': 'Nama Lengkap',
  'Birth Date': 'Tanggal Lahir',
  'Birth City': 'Kota Kelahiran',
  Gender: 'Jenis Kelamin',
  '-- select --': '-- pilih --',
  Male: 'Laki-laki',
  Female: 'Perempuan',
  Religion: 'Agama',
  'Bank Account': 'Rekening Bank',
  'Bank Name': 'Nama Bank',
  'Account Number': 'Nomor Rekening',
  'Public Profile': 'Profil Publik',
  'Profile Image': 'Gambar Profil',
  'Profile preview': 'Pratinjau profil',
  'No image': 'Tidak ada gambar',
  Profile: 'Profil',
  // the approvals
  'Approvals and tasks waiting for you and for your team. Click a row to open it.': 'Persetujuan dan tugas yang menunggu Anda dan tim Anda. Klik sebuah baris untuk membukanya.',
  'My Pending Approval/Task': 'Persetujuan/Tugas Tertunda Saya',
  "My Team's Pending Approval/Task": 'Persetujuan/Tugas Tertunda Tim Saya',
  'You have no pending approval/task.': 'Tidak ada persetujuan/tugas tertunda untuk Anda.',
  'Your team has no pending approval/task.': 'Tim Anda tidak memiliki persetujuan/tugas tertunda.',
  'Things to do (Pending Approval/Task)': 'Yang perlu dikerjakan (Persetujuan/Tugas Tertunda)',
  'Filter…': 'Saring…',
  'Filter things to do': 'Saring yang perlu dikerjakan',
  'Loading things to do…': 'Memuat yang perlu dikerjakan…',
  'Add Attachment Form': 'Formulir Tambah Lampiran',
  'This record will be deleted. Do you want to continue?': 'Data ini akan dihapus. Apakah Anda ingin melanjutkan?',
  'No shortcut available': 'Tidak ada pintasan',
  'This screen is not available yet.': 'Layar ini belum tersedia.',
  'No module is available for your account in this company.': 'Tidak ada modul yang tersedia untuk akun Anda di perusahaan ini.',
  'Loading Appoval/Task Detail, please wait': 'Memuat Rincian Persetujuan/Tugas, mohon tunggu',
  // texts of the files in NOT_YET_TRANSLATED (engine/scripts/renderer-dictionary.ts): translated now, wrapped in t() after the merge
  Select: 'Pilih',
  'Select row': 'Pilih baris',
  'Tick every row of this page': 'Centang setiap baris di halaman ini',
  'Tick row': 'Centang baris',
  '{n} ticked': '{n} dicentang',
  Clear: 'Kosongkan',
  'Loading chart…': 'Memuat grafik…',
  'No.': 'No.',
  'Refreshing…': 'Memuat ulang…',
  'No data available': 'Tidak ada data',
  'Clear selection': 'Kosongkan pilihan',
  Choose: 'Pilih',
  Remove: 'Hapus',
  'Remove line': 'Hapus baris',
  'No lines yet.': 'Belum ada baris.',
  '+ Add line': '+ Tambah baris',
  'No file': 'Tidak ada berkas',
  'Remove file': 'Hapus berkas',
  'Downloading…': 'Mengunduh…',
  'Uploading…': 'Mengunggah…',
  Requisition: 'Permintaan Material',
  'Loading requisition…': 'Memuat permintaan material…',
  'Request No.': 'No. Permintaan',
  'Request Type': 'Jenis Permintaan',
  'Internal Budget No.': 'No. Anggaran Internal',
  'Service Finish Date': 'Tanggal Selesai Jasa',
  'Delivery Location': 'Lokasi Pengiriman',
  'Aircraft Registration': 'Registrasi Pesawat',
  Remark: 'Keterangan',
  'This requisition has no line.': 'Permintaan material ini tidak memiliki baris.',
  'Approval History': 'Riwayat Persetujuan',
  'Loading history…': 'Memuat riwayat…',
  'Requisition print preview': 'Pratinjau cetak permintaan material',
  Closed: 'Ditutup',
  'Demo/Trial Registration': 'Pendaftaran Demo/Uji Coba',
  'Tell us about your company and we will set up a trial for you.': 'Ceritakan tentang perusahaan Anda dan kami akan menyiapkan uji coba untuk Anda.',
  'Already have an account? Log In': 'Sudah punya akun? Masuk',
  'View Project/Production Budget': 'Lihat Anggaran Proyek/Produksi',
  'API Reference': 'Referensi API',
  'Filter by entity, path or summary': 'Saring menurut entitas, path atau ringkasan',
  'permission letters': 'huruf izin',
  Type: 'Tipe',
  Label: 'Label',
  Required: 'Wajib',
  'Other calls': 'Panggilan lain',
  Menu: 'Menu',
  'All entries': 'Semua entri',
  'Every letter on every entry': 'Setiap huruf pada setiap entri',
  'Module and user': 'Modul dan pengguna',
  Module: 'Modul',
  'Pick a user in the list below.': 'Pilih pengguna di daftar di bawah.',
  Permissions: 'Izin',
  'Loading permissions…': 'Memuat izin…',
  'C create · R read · U update (save; sign a task card) · D delete · P print · O other (export, send to workflow, post, reverse, convert, grant; point at a box for what it allows on that screen)': 'C buat · R baca · U ubah (simpan; tanda tangani kartu tugas) · D hapus · P cetak · O lainnya (ekspor, kirim ke alur kerja, posting, balik, konversi, beri; arahkan ke kotak untuk melihat yang diizinkannya di layar itu)',
  "(xlsx with the form's columns; CSV with the same header row works too).": '(xlsx dengan kolom formulir; CSV dengan baris judul yang sama juga bisa).',
  'All or nothing': 'Semua atau tidak sama sekali',
  'Valid rows only': 'Hanya baris yang valid',
  'Update rows with the same {field}': 'Perbarui baris dengan {field} yang sama',
  '(always add)': '(selalu tambah)',
  'Update by': 'Perbarui menurut',
  'Import log': 'Log impor',
  'Import progress': 'Kemajuan impor',
  Row: 'Baris',
  Error: 'Kesalahan',
  Mode: 'Mode',
  Rows: 'Baris',
  Imported: 'Diimpor',
  Failed: 'Gagal',
  'OK': 'OK',
  'Choose a module and a user to see their menu permissions.': 'Pilih modul dan pengguna untuk melihat izin menunya.',
  'This module has no menu entries.': 'Modul ini tidak memiliki entri menu.',
  'No requisition chosen: open one from a material request list or a task.': 'Tidak ada permintaan material yang dipilih: buka salah satu dari daftar permintaan material atau tugas.',
  'Closed: {reason}': 'Ditutup: {reason}',
  'unsaved changes': 'perubahan belum disimpan',
  'Dry run: nothing was written.': 'Uji coba: tidak ada yang ditulis.',
  '{total} rows read, {imported} imported, {failed} with errors': '{total} baris dibaca, {imported} diimpor, {failed} dengan kesalahan',
  '{total} rows read, {imported} would be imported, {failed} with errors': '{total} baris dibaca, {imported} akan diimpor, {failed} dengan kesalahan',
  'all or nothing: nothing was imported': 'semua atau tidak sama sekali: tidak ada yang diimpor',
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

/**
 * A text the renderer writes itself, in the reader's language (English when it has no
 * translation); `values` fill its `{name}` placeholders (a placeholder without a value stays).
 */
export function t(text: string, values?: Record<string, string | number>): string {
  const out = current === 'id' ? (ID[text] ?? text) : text;
  if (!values) return out;
  return out.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/**
 * t() for a sentence with elements in it: the translated text split at its placeholders, each
 * filled by its node (`<strong>{username}</strong>`), so the words around stay one text.
 */
export function tNodes(text: string, values: Record<string, ReactNode>): ReactNode[] {
  const out = current === 'id' ? (ID[text] ?? text) : text;
  return out.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    const node = name !== undefined && Object.hasOwn(values, name) ? values[name] : part;
    return createElement(Fragment, { key: i }, node);
  });
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
