import { SHARED_TEXTS } from '@kilat/domain/texts'
import type { ServerTexts } from './catalogue.js'

/** The texts the web shows too, written once. */
const shared = SHARED_TEXTS.id

/** Bahasa Indonesia. */
export const id: ServerTexts = {
  counts: {
    days: { other: '# hari' },
    installments: { other: '# cicilan' },
    minutes: { other: '# menit' },
  },
  figures: {
    ...shared.figures,
    dailyRate: 'Suku bunga harian',
    dueDate: 'Tanggal jatuh tempo',
    firstDueDate: 'Jatuh tempo pertama',
    outstanding: 'Sisa tagihan',
    orderNo: 'Nomor pesanan',
    appliedAt: 'Waktu pengajuan',
  },
  rates: {
    perDay: (p) => `${p}/hari`,
    headline: { dailyCost: (p) => `${p}/hari`, apr: (p) => `APR ${p}`, cat: (p) => `CAT ${p}` },
  },
  loan: {
    termWithInstallments: (days, installments) => `${days} (${installments})`,
    periodTitle: (n, of) => `Cicilan ${n}/${of}`,
    singlePayment: 'Pembayaran',
    planDescription: (p, i) => `Pokok ${p} + bunga ${i}`,
    feeNote: (fee, received) => `Biaya admin ${fee} dipotong saat pencairan, sehingga Anda menerima ${received}.`,
    popTitle: 'Perjanjian pinjaman dan ringkasan informasi utama',
    popContent: (f) =>
      `Sebelum menyetujui, bacalah perjanjian pinjaman. Anda menerima ${f.received} (biaya admin ${f.fee} sudah dipotong) dan membayar ${f.totalRepay} paling lambat ${f.lastDueDate}; ${f.headline}.`,
    notice: {
      submitted: { title: shared.statuses.submitted, description: () => 'Pengajuan Anda sedang kami tinjau. Keputusan diberikan paling lambat 1 hari.' },
      approved: { title: shared.statuses.approved, description: () => 'Pinjaman Anda disetujui. Kami sedang menyiapkan pencairan; dana masuk ke rekening Anda dalam 1-3 hari kalender.' },
      rejected: { title: shared.statuses.rejected, description: () => 'Maaf, pengajuan Anda belum dapat kami setujui saat ini. Anda dapat mencoba produk lain di bawah ini.' },
      repayingInstallments: { title: shared.statuses.repayingInstallments, description: (f) => `Cicilan berikutnya ${f.nextAmount} jatuh tempo pada ${f.nextDueDate}.` },
      due: { title: shared.statuses.due, description: (f) => `Bayar ${f.amountDue} paling lambat ${f.nextDueDate}.` },
      overdue: {
        title: shared.statuses.overdue,
        description: (f) => `Pembayaran Anda terlambat ${f.overdue}. Denda keterlambatan ${f.penalty}; jumlah yang harus dibayar ${f.amountDue}.`,
      },
      settled: { title: shared.statuses.settled, description: () => 'Terima kasih, pinjaman Anda sudah lunas. Anda dapat mengajukan pinjaman lagi.' },
      partnerRepaying: {
        title: shared.statuses.partnerRepaying,
        description: (f) => `Pinjaman ini dikelola oleh mitra kami ${f.productName}. Bayar ${f.amountDue} paling lambat ${f.nextDueDate} melalui mitra.`,
      },
      partnerOverdue: {
        title: shared.statuses.partnerOverdue,
        description: (f) => `Pinjaman Anda di ${f.productName} terlambat ${f.overdue}. Jumlah yang harus dibayar ${f.amountDue}; bayar melalui mitra.`,
      },
      partnerSettled: { title: shared.statuses.partnerSettled, description: (f) => `Pinjaman Anda di ${f.productName} sudah lunas. Terima kasih!` },
    },
    payingOut: { title: 'Sedang dicairkan', description: 'Pinjaman Anda disetujui dan dana sedang dikirim ke rekening Anda. Tanggal jatuh tempo dihitung sejak dana diterima.' },
    reyDue: (a, d) => `Bayar ${a} paling lambat ${d}.`,
    reyNext: (a, d) => `Cicilan berikutnya ${a} jatuh tempo ${d}.`,
    reyOverdue: (a, overdue) => `Tagihan ${a} terlambat ${overdue}.`,
    tier: (rate, from, to, only) =>
      only && from === 1 ? `${rate} per hari` : to === null ? `${rate} per hari mulai hari ke-${from}` : `${rate} per hari pada hari ke-${from} sampai ${to}`,
    and: 'dan',
  },
  agreement: {
    agreementTitle: 'Perjanjian Pinjaman',
    consentTitle: 'Persetujuan Otorisasi dan Privasi',
    loanTermsTitle: 'Syarat dan ketentuan pinjaman',
    loanTermsExample: (product, amount, term) => `Angka di bawah ini adalah contoh: ${product}, ${amount} untuk ${term}. Angka pinjaman Anda sendiri ditampilkan sebelum Anda menyetujuinya, dan di perjanjian Anda.`,
    parties: 'Para pihak',
    borrower: (name, phone) => `Peminjam: ${name ?? 'pemilik nomor ponsel terdaftar'}, nomor ponsel ${phone} ("Peminjam").`,
    product: (name) => `Produk: ${name}.`,
    orderNo: (no) => `Nomor pesanan: ${no}.`,
    loan: 'Rincian pinjaman',
    line: (label, value) => `${label}: ${value}.`,
    schedule: shared.plan.schedule,
    scheduleLine: (title, amount, date) => `${title}: ${amount}, jatuh tempo ${date}.`,
    provisional: 'Tanggal jatuh tempo dihitung dari tanggal pencairan; tanggal di atas berlaku bila dana dicairkan hari ini.',
    acceptance: 'Persetujuan',
    acceptanceLines: (date) => [
      'Dengan mencentang kotak persetujuan dan menekan tombol konfirmasi, Peminjam menyetujui perjanjian ini secara elektronik.',
      `Tanggal: ${date}.`,
    ],
  },
  products: {
    inProgress: 'Dalam proses',
    unavailable: 'Tidak tersedia',
    amountRangeDes: shared.figures.principal,
    jumpConfirm: 'Lanjutkan untuk mengonfirmasi pinjaman Anda.',
    jumpInProgress: 'Anda sudah memiliki pinjaman yang berjalan untuk produk ini.',
    jumpPartner: 'Anda akan diarahkan ke situs mitra kami.',
    standTitle: 'Login bersama gagal',
    standMessage: (name) =>
      `Kami belum dapat memasukkan Anda${name ? ` ke ${name}` : ''} dengan akun Kilat. Silakan coba lagi nanti atau pilih produk lain di bawah ini.`,
  },
  complaints: {
    replyNote: 'Kami membalas dalam 3 hari kerja (akhir pekan dan hari libur nasional tidak dihitung).',
    tabs: { processing: 'Diproses', replied: 'Dibalas', closed: 'Selesai' },
    replyDue: (d) => `Dibalas paling lambat ${d}`,
    answeredOn: (d) => `Dibalas pada ${d}`,
    overdue: (d) => `Balasan kami seharusnya paling lambat ${d}. Mohon maaf atas keterlambatannya.`,
    typeWithSub: (t, s) => `${t} · ${s}`,
  },
  chatbot: {
    solved: 'Senang bisa membantu! Bagaimana penilaian Anda untuk jawaban ini?',
    notSolved: 'Maaf jawaban ini belum membantu. Hubungi layanan pelanggan dan kami akan menanganinya untuk Anda.',
    ratingThanks: 'Terima kasih atas penilaian Anda. Kami akan terus meningkatkan layanan kami.',
    ratingHigh: 'Terima kasih atas penilaian Anda!',
    found: 'Ini yang saya temukan:',
    notFound: 'Maaf, saya belum menemukan jawabannya. Silakan hubungi layanan pelanggan.',
  },
  plan: {
    note: 'Cicilan dibayar mulai dari yang paling lama: memilih satu cicilan berarti memilih semua cicilan sebelumnya. Denda keterlambatan, jika ada, dibayar bersama cicilan pertama.',
    installment: (n, of) => `Cicilan ${n} dari ${of}`,
    upcoming: 'Belum jatuh tempo',
    overdue: 'Terlambat',
    paid: shared.plan.paid,
  },
  extension: {
    product: 'Produk',
    newDueDate: 'Tanggal jatuh tempo baru',
    fee: 'Biaya perpanjangan',
    interestDue: 'Bunga yang harus dibayar sekarang',
    total: 'Total bayar untuk perpanjangan',
  },
  guide: {
    account: '[nomor di halaman pembayaran Anda]',
    amount: '[jumlah di halaman pembayaran Anda]',
  },
  sandbox: {
    title: 'Sandbox pembayaran',
    intro: 'Membayar sebuah akun seperti peminjam membayar di bank atau toko. Hanya untuk demo dan pengujian: tidak ada uang sungguhan yang berpindah.',
    accountLabel: 'Nomor akun atau kode pembayaran',
    submit: 'Bayar akun ini',
    paid: 'Terbayar. Notifikasi dari gateway pembayaran sedang dikirim.',
    unknownAccount: 'Tidak ada akun belum terbayar dengan nomor ini.',
    alreadyPaid: 'Akun ini sudah dibayar.',
    invalid: 'Silakan masukkan nomor akun (paling banyak 64 karakter).',
    again: 'Bayar akun lain',
  },
  sms: {
    loginCode: (code, validity) => `Kode verifikasi Kilat Anda: ${code}. Berlaku ${validity}. Jangan berikan kode ini kepada siapa pun.`,
    registerCode: (code, validity) => `Kode pendaftaran Kilat Anda: ${code}. Berlaku ${validity}. Jangan berikan kode ini kepada siapa pun.`,
    repayCode: (code, amount, validity) =>
      `Kode pembayaran Kilat Anda: ${code} untuk membayar ${amount} dengan kartu. Berlaku ${validity}. Jangan berikan kode ini kepada siapa pun.`,
    paymentReminder: (step, orderNo, amount, date) =>
      `Kilat: pembayaran ${amount} untuk pesanan ${orderNo} jatuh tempo ${step === 'due' ? 'hari ini' : step === 'before1' ? 'besok' : 'dalam 3 hari'} (${date}). Bayar lewat aplikasi Kilat.`,
  },
  checkout: {
    title: 'Pembayaran',
    sandboxNote: 'Halaman uji gateway pembayaran: tidak ada uang sungguhan yang berpindah.',
    amount: shared.figures.amount,
    bill: 'Nomor tagihan',
    pay: 'Bayar',
    paid: 'Pembayaran ini sudah diterima.',
    back: 'Kembali ke detail pinjaman',
    expired: 'Halaman pembayaran ini sudah tidak berlaku. Silakan buat pembayaran baru.',
    unknown: 'Halaman pembayaran tidak ditemukan.',
  },
  adjustments: {
    lateChargeWaived: 'Keringanan denda keterlambatan',
    interestWaived: 'Keringanan bunga',
    refund: 'Kelebihan bayar dikembalikan',
    refundReturned: 'Pengembalian gagal dikirim, dana belum diterima',
    coolingOff: 'Bunga dibebaskan (keluar masa pertimbangan)',
    coolingOffOffer: (o) =>
      `Anda dapat mengakhiri pinjaman ini dengan membayar ${o.amount} (pokok dan bunga hari yang digunakan, tanpa denda) sampai ${o.lastDay}; setelah tanggal itu, ${o.installment ? `cicilan berikutnya ${o.then} jatuh tempo pada` : `Anda perlu membayar ${o.then} paling lambat`} ${o.thenDate}.`,
  },
}
