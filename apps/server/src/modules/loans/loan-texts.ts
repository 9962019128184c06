import { formatMoney, formatPercent, type LateChargeTerms, type Locale, type Market, type OrderStatus } from '@kilat/domain'

/** Facts a status banner may mention, already formatted for the borrower. */
export interface NoticeFacts {
  productName: string
  amountDue: string
  /** The next due date (yyyy-mm-dd) and what is due then. */
  nextDueDate: string
  nextAmount: string
  overdueDays: number
  penalty: string
}

/** What the loan screens say, complete in every language (the type checks it). */
export interface LoanTexts {
  days: (n: number) => string
  installments: (n: number) => string
  term: string
  rate: string
  repaymentDate: string
  firstRepaymentDate: string
  fee: string
  received: string
  interest: string
  totalRepay: string
  periodTitle: (n: number, of: number) => string
  singlePayment: string
  planDescription: (principal: string, interest: string) => string
  perDay: string
  feeNote: (fee: string, received: string) => string
  lateCharges: (late: { feeNew: string; feeRepeat: string; tiers: string; cap: string }) => string
  tier: (rate: string, fromDay: number, toDay: number | null, only: boolean) => string
  and: string
  popTitle: string
  popContent: (received: string, fee: string, total: string, date: string, headline: string) => string
  notice: Record<OrderStatus, { title: string; description: (f: NoticeFacts) => string }>
  reyDue: (amount: string, date: string) => string
  reyNext: (amount: string, date: string) => string
  reyOverdue: (amount: string, days: number) => string
  detail: { orderNo: string; amount: string; received: string; term: string; appliedAt: string; dueDate: string; amountDue: string; penalty: string }
  contract: ContractTexts
}

export interface ContractTexts {
  agreementTitle: string
  consentTitle: string
  parties: string
  lender: string
  borrower: (name: string | null, phone: string) => string
  product: (name: string) => string
  orderNo: (orderNo: string) => string
  loan: string
  line: (label: string, value: string) => string
  headlineLabel: { apr: string; cat: string }
  schedule: string
  scheduleLine: (title: string, amount: string, date: string) => string
  provisional: string
  disclosure: string
  disclosureLines: (f: { termDays: number; prepayDay: number; lateCharges: string }) => string[]
  acceptance: string
  acceptanceLines: (date: string) => string[]
  consentSections: (telephone: string) => Array<{ heading: string; paragraphs: string[] }>
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

const id: LoanTexts = {
  days: (n) => `${n} hari`,
  installments: (n) => `${n} cicilan`,
  term: 'Jangka waktu',
  rate: 'Suku bunga',
  repaymentDate: 'Tanggal pembayaran',
  firstRepaymentDate: 'Pembayaran pertama',
  fee: 'Biaya admin (dipotong saat pencairan)',
  received: 'Jumlah diterima',
  interest: 'Bunga',
  totalRepay: 'Total pembayaran',
  periodTitle: (n, of) => `Periode ${n}/${of}`,
  singlePayment: 'Pembayaran',
  planDescription: (p, i) => `Pokok ${p} + bunga ${i}`,
  perDay: '/hari',
  feeNote: (fee, received) => `Biaya admin ${fee} dipotong saat pencairan, sehingga Anda menerima ${received}.`,
  lateCharges: (l) =>
    `Denda keterlambatan: biaya satu kali ${l.feeNew} (${l.feeRepeat} untuk nasabah lama), lalu ${l.tiers} dari jumlah yang belum dibayar; seluruh denda tidak pernah melebihi ${l.cap} dari jumlah yang belum dibayar.`,
  tier: (rate, from, to, only) =>
    only && from === 1 ? `${rate} per hari` : to === null ? `${rate} per hari mulai hari ke-${from}` : `${rate} per hari pada hari ke-${from} sampai ${to}`,
  and: 'dan',
  popTitle: 'Perjanjian pinjaman dan ringkasan informasi utama',
  popContent: (received, fee, total, date, headline) =>
    `Sebelum menyetujui, bacalah perjanjian pinjaman. Anda menerima ${received} (biaya admin ${fee} sudah dipotong) dan membayar ${total} paling lambat ${date}; ${headline}.`,
  notice: {
    21: { title: 'Sedang ditinjau', description: () => 'Pengajuan Anda sedang kami tinjau. Keputusan diberikan paling lambat 1 hari.' },
    151: { title: 'Disetujui', description: () => 'Pinjaman Anda disetujui dan sedang dicairkan. Dana masuk ke rekening Anda dalam 1-3 hari kalender.' },
    110: { title: 'Belum disetujui', description: () => 'Maaf, pengajuan Anda belum dapat kami setujui saat ini. Anda dapat mencoba produk lain di bawah ini.' },
    170: { title: 'Sedang dicicil', description: (f) => `Cicilan berikutnya ${f.nextAmount} jatuh tempo pada ${f.nextDueDate}.` },
    174: { title: 'Menunggu pembayaran', description: (f) => `Bayar ${f.amountDue} paling lambat ${f.nextDueDate}.` },
    180: { title: 'Terlambat', description: (f) => `Pembayaran Anda terlambat ${f.overdueDays} hari. Denda ${f.penalty}; total tagihan ${f.amountDue}.` },
    200: { title: 'Lunas', description: () => 'Terima kasih, pinjaman Anda sudah lunas. Anda dapat mengajukan pinjaman lagi.' },
    3: { title: 'Berjalan di mitra', description: (f) => `Pinjaman ini dikelola oleh mitra kami ${f.productName}. Bayar ${f.amountDue} paling lambat ${f.nextDueDate}.` },
    5: { title: 'Terlambat di mitra', description: (f) => `Pinjaman Anda di ${f.productName} terlambat ${f.overdueDays} hari. Total tagihan ${f.amountDue}; bayar melalui mitra.` },
    4: { title: 'Lunas di mitra', description: (f) => `Pinjaman Anda di ${f.productName} sudah lunas. Terima kasih!` },
  },
  reyDue: (a, d) => `Bayar ${a} paling lambat ${d}.`,
  reyNext: (a, d) => `Cicilan berikutnya ${a} jatuh tempo ${d}.`,
  reyOverdue: (a, n) => `Tagihan ${a} terlambat ${n} hari.`,
  detail: {
    orderNo: 'Nomor pesanan',
    amount: 'Jumlah pinjaman',
    received: 'Jumlah diterima',
    term: 'Jangka waktu',
    appliedAt: 'Waktu pengajuan',
    dueDate: 'Tanggal jatuh tempo',
    amountDue: 'Sisa tagihan',
    penalty: 'Denda keterlambatan',
  },
  contract: {
    agreementTitle: 'Perjanjian Pinjaman',
    consentTitle: 'Persetujuan Otorisasi dan Privasi',
    parties: 'Para pihak',
    lender: 'Pemberi pinjaman: perusahaan pembiayaan penyedia layanan Kilat ("Pemberi Pinjaman").',
    borrower: (name, phone) => `Peminjam: ${name ?? 'pemilik nomor ponsel terdaftar'}, nomor ponsel ${phone} ("Peminjam").`,
    product: (name) => `Produk: ${name}.`,
    orderNo: (no) => `Nomor pesanan: ${no}.`,
    loan: 'Rincian pinjaman',
    line: (label, value) => `${label}: ${value}.`,
    headlineLabel: { apr: 'APR (suku bunga tahunan)', cat: 'CAT (Costo Anual Total)' },
    schedule: 'Jadwal pembayaran',
    scheduleLine: (title, amount, date) => `${title}: ${amount}, jatuh tempo ${date}.`,
    provisional: 'Tanggal jatuh tempo dihitung dari tanggal pencairan; tanggal di atas berlaku bila dana dicairkan hari ini.',
    disclosure: 'Ketentuan pemberi pinjaman',
    disclosureLines: (f) => [
      `Jangka waktu pinjaman adalah 91 sampai 365 hari; jangka waktu pinjaman ini ${f.termDays} hari.`,
      'Keputusan atas pengajuan diberikan paling lambat 1 hari.',
      'Pinjaman yang disetujui dikirim ke rekening Peminjam dalam 1 sampai 3 hari kalender.',
      `Pelunasan lebih awal hanya dapat dilakukan setelah separuh jangka waktu berlalu dan tidak sebelum 7 hari sejak pencairan (untuk pinjaman ini: mulai hari ke-${f.prepayDay} sejak pencairan).`,
      f.lateCharges,
      'Peminjam wajib memberitahukan setiap perubahan data pribadi dalam 3 hari.',
      'Pemberi Pinjaman akan memberitahukan pengalihan hak tagih kepada Peminjam 7 hari kerja sebelumnya.',
      'Jumlah yang ditetapkan dalam putusan pengadilan wajib dibayar dalam 10 hari.',
      'Perpanjangan hanya dapat dilakukan setelah seluruh bunga dan denda yang jatuh tempo dibayar, dan memperpanjang jangka waktu dengan periode yang sama.',
    ],
    acceptance: 'Persetujuan',
    acceptanceLines: (date) => [
      'Dengan mencentang kotak persetujuan dan menekan tombol konfirmasi, Peminjam menyetujui perjanjian ini secara elektronik.',
      `Tanggal: ${date}.`,
    ],
    consentSections: (tel) => [
      {
        heading: 'Otorisasi',
        paragraphs: [
          'Saya mengizinkan Pemberi Pinjaman memverifikasi identitas dan riwayat kredit saya pada biro kredit dan lembaga yang berwenang.',
          'Saya mengizinkan Pemberi Pinjaman menghubungi saya melalui telepon dan SMS mengenai pengajuan dan pinjaman saya.',
        ],
      },
      {
        heading: 'Data yang kami gunakan',
        paragraphs: [
          'Identitas, nomor ponsel, informasi perangkat dan riwayat pinjaman digunakan untuk menilai pengajuan, mencairkan dan menagih pinjaman, serta memenuhi kewajiban hukum.',
        ],
      },
      {
        heading: 'Perlindungan data',
        paragraphs: [
          'Data Anda tidak dijual. Data hanya dibagikan kepada penyedia layanan Pemberi Pinjaman, biro kredit, dan pihak berwenang bila diwajibkan oleh hukum, serta disimpan dengan aman.',
        ],
      },
      {
        heading: 'Hak Anda',
        paragraphs: [
          'Anda berhak melihat dan memperbaiki data Anda; perubahan data pribadi wajib diberitahukan dalam 3 hari.',
          `Anda dapat menarik persetujuan ini dengan menghubungi layanan pelanggan di ${tel}. Penarikan tidak menghapus kewajiban atas pinjaman yang sudah berjalan.`,
        ],
      },
    ],
  },
}

const en: LoanTexts = {
  days: (n) => plural(n, 'day', 'days'),
  installments: (n) => plural(n, 'installment', 'installments'),
  term: 'Term',
  rate: 'Interest rate',
  repaymentDate: 'Repayment date',
  firstRepaymentDate: 'First payment',
  fee: 'Admin fee (deducted at payout)',
  received: 'Amount received',
  interest: 'Interest',
  totalRepay: 'Total to repay',
  periodTitle: (n, of) => `Installment ${n}/${of}`,
  singlePayment: 'Repayment',
  planDescription: (p, i) => `Principal ${p} + interest ${i}`,
  perDay: '/day',
  feeNote: (fee, received) => `The admin fee of ${fee} is deducted at payout, so you receive ${received}.`,
  lateCharges: (l) =>
    `Late charges: a one-time fee of ${l.feeNew} (${l.feeRepeat} for repeat clients), then ${l.tiers} of the unpaid amount; all late charges together never exceed ${l.cap} of the unpaid amount.`,
  tier: (rate, from, to, only) =>
    only && from === 1 ? `${rate} a day` : to === null ? `${rate} a day from day ${from}` : `${rate} a day on days ${from}-${to}`,
  and: 'and',
  popTitle: 'Loan agreement and Key Fact Statement',
  popContent: (received, fee, total, date, headline) =>
    `Before you accept, please read the loan agreement. You receive ${received} (admin fee of ${fee} deducted) and repay ${total} by ${date}; ${headline}.`,
  notice: {
    21: { title: 'Under review', description: () => 'We are reviewing your application. You will have a decision within 1 day.' },
    151: { title: 'Approved', description: () => 'Your loan is approved and being paid out. The money reaches your account within 1-3 calendar days.' },
    110: { title: 'Not approved', description: () => 'Sorry, we cannot approve your application right now. You can try another product below.' },
    170: { title: 'Repaying', description: (f) => `Your next installment of ${f.nextAmount} is due on ${f.nextDueDate}.` },
    174: { title: 'Payment due', description: (f) => `Please pay ${f.amountDue} by ${f.nextDueDate}.` },
    180: { title: 'Overdue', description: (f) => `Your payment is ${plural(f.overdueDays, 'day', 'days')} overdue. Late charges ${f.penalty}; total due ${f.amountDue}.` },
    200: { title: 'Settled', description: () => 'Thank you, your loan is fully repaid. You can apply for a new loan.' },
    3: { title: 'Repaying with our partner', description: (f) => `This loan is managed by our partner ${f.productName}. Please pay ${f.amountDue} by ${f.nextDueDate}.` },
    5: { title: 'Overdue with our partner', description: (f) => `Your loan with ${f.productName} is ${plural(f.overdueDays, 'day', 'days')} overdue. Total due ${f.amountDue}; please pay through the partner.` },
    4: { title: 'Settled with our partner', description: (f) => `Your loan with ${f.productName} is fully repaid. Thank you!` },
  },
  reyDue: (a, d) => `Please pay ${a} by ${d}.`,
  reyNext: (a, d) => `Next installment of ${a} due ${d}.`,
  reyOverdue: (a, n) => `${a} is ${plural(n, 'day', 'days')} overdue.`,
  detail: {
    orderNo: 'Order number',
    amount: 'Loan amount',
    received: 'Amount received',
    term: 'Term',
    appliedAt: 'Applied on',
    dueDate: 'Due date',
    amountDue: 'Outstanding balance',
    penalty: 'Late charges',
  },
  contract: {
    agreementTitle: 'Loan Agreement',
    consentTitle: 'Authorization and Privacy Consent',
    parties: 'Parties',
    lender: 'Lender: the finance company that provides the Kilat service (the "Lender").',
    borrower: (name, phone) => `Borrower: ${name ?? 'the holder of the registered mobile number'}, mobile number ${phone} (the "Borrower").`,
    product: (name) => `Product: ${name}.`,
    orderNo: (no) => `Order number: ${no}.`,
    loan: 'The loan',
    line: (label, value) => `${label}: ${value}.`,
    headlineLabel: { apr: 'APR (annual percentage rate)', cat: 'CAT (Costo Anual Total)' },
    schedule: 'Repayment schedule',
    scheduleLine: (title, amount, date) => `${title}: ${amount}, due ${date}.`,
    provisional: 'Due dates count from the payout date; the dates above apply if the money is paid out today.',
    disclosure: 'Lender disclosure',
    disclosureLines: (f) => [
      `Loans run for 91 to 365 days; this loan runs for ${f.termDays} days.`,
      'A decision on the application is made within 1 day.',
      'An approved loan is credited to the Borrower’s account within 1 to 3 calendar days.',
      `Early repayment is possible only after half of the term has passed and not before 7 days from payout (for this loan: from day ${f.prepayDay} after payout).`,
      f.lateCharges,
      'The Borrower must report any change of personal details within 3 days.',
      'The Lender will notify the Borrower of an assignment of the loan 7 business days in advance.',
      'An amount set by a court judgment must be paid within 10 days.',
      'An extension requires all due interest and late charges to be paid first and extends the loan by the same period.',
    ],
    acceptance: 'Acceptance',
    acceptanceLines: (date) => [
      'By ticking the agreement box and pressing the confirm button, the Borrower accepts this agreement electronically.',
      `Date: ${date}.`,
    ],
    consentSections: (tel) => [
      {
        heading: 'Authorization',
        paragraphs: [
          'I allow the Lender to verify my identity and credit history with credit bureaus and competent authorities.',
          'I allow the Lender to contact me by phone and SMS about my application and my loan.',
        ],
      },
      {
        heading: 'Data we use',
        paragraphs: [
          'Identity, mobile number, device information and loan history are used to assess the application, pay out and collect the loan, and meet legal obligations.',
        ],
      },
      {
        heading: 'Data protection',
        paragraphs: [
          'Your data is never sold. It is shared only with the Lender’s service providers, credit bureaus and authorities where the law requires it, and it is stored securely.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You may see and correct your data; changes of personal details must be reported within 3 days.',
          `You may withdraw this consent by calling customer service at ${tel}. Withdrawing does not cancel the obligations of a running loan.`,
        ],
      },
    ],
  },
}

const es: LoanTexts = {
  days: (n) => plural(n, 'día', 'días'),
  installments: (n) => plural(n, 'pago', 'pagos'),
  term: 'Plazo',
  rate: 'Tasa de interés',
  repaymentDate: 'Fecha de pago',
  firstRepaymentDate: 'Primer pago',
  fee: 'Comisión (se descuenta al depositar)',
  received: 'Monto recibido',
  interest: 'Intereses',
  totalRepay: 'Total a pagar',
  periodTitle: (n, of) => `Pago ${n}/${of}`,
  singlePayment: 'Pago',
  planDescription: (p, i) => `Capital ${p} + intereses ${i}`,
  perDay: '/día',
  feeNote: (fee, received) => `La comisión de ${fee} se descuenta al depositar, así que recibes ${received}.`,
  lateCharges: (l) =>
    `Cargos por atraso: una comisión única de ${l.feeNew} (${l.feeRepeat} para clientes recurrentes), después ${l.tiers} del monto impagado; en total nunca superan el ${l.cap} del monto impagado.`,
  tier: (rate, from, to, only) =>
    only && from === 1 ? `${rate} diario` : to === null ? `${rate} diario desde el día ${from}` : `${rate} diario del día ${from} al ${to}`,
  and: 'y',
  popTitle: 'Contrato de préstamo y resumen de información clave',
  popContent: (received, fee, total, date, headline) =>
    `Antes de aceptar, lee el contrato de préstamo. Recibes ${received} (comisión de ${fee} descontada) y pagas ${total} a más tardar el ${date}; ${headline}.`,
  notice: {
    21: { title: 'En revisión', description: () => 'Estamos revisando tu solicitud. Tendrás una respuesta en máximo 1 día.' },
    151: { title: 'Aprobado', description: () => 'Tu préstamo fue aprobado y se está depositando. El dinero llegará a tu cuenta en 1 a 3 días naturales.' },
    110: { title: 'No aprobado', description: () => 'Lo sentimos, por ahora no podemos aprobar tu solicitud. Puedes probar otro producto abajo.' },
    170: { title: 'En pago', description: (f) => `Tu siguiente pago de ${f.nextAmount} vence el ${f.nextDueDate}.` },
    174: { title: 'Pago pendiente', description: (f) => `Paga ${f.amountDue} a más tardar el ${f.nextDueDate}.` },
    180: { title: 'Vencido', description: (f) => `Tu pago tiene ${plural(f.overdueDays, 'día', 'días')} de atraso. Cargos por atraso ${f.penalty}; total a pagar ${f.amountDue}.` },
    200: { title: 'Liquidado', description: () => 'Gracias, tu préstamo está liquidado. Puedes solicitar un nuevo préstamo.' },
    3: { title: 'En pago con nuestro socio', description: (f) => `Este préstamo lo administra nuestro socio ${f.productName}. Paga ${f.amountDue} a más tardar el ${f.nextDueDate}.` },
    5: { title: 'Vencido con nuestro socio', description: (f) => `Tu préstamo con ${f.productName} tiene ${plural(f.overdueDays, 'día', 'días')} de atraso. Total a pagar ${f.amountDue}; paga a través del socio.` },
    4: { title: 'Liquidado con nuestro socio', description: (f) => `Tu préstamo con ${f.productName} está liquidado. ¡Gracias!` },
  },
  reyDue: (a, d) => `Paga ${a} a más tardar el ${d}.`,
  reyNext: (a, d) => `Siguiente pago de ${a}, vence el ${d}.`,
  reyOverdue: (a, n) => `${a} con ${plural(n, 'día', 'días')} de atraso.`,
  detail: {
    orderNo: 'Número de pedido',
    amount: 'Monto del préstamo',
    received: 'Monto recibido',
    term: 'Plazo',
    appliedAt: 'Fecha de solicitud',
    dueDate: 'Fecha de vencimiento',
    amountDue: 'Saldo pendiente',
    penalty: 'Cargos por atraso',
  },
  contract: {
    agreementTitle: 'Contrato de Préstamo',
    consentTitle: 'Autorización y Aviso de Privacidad',
    parties: 'Partes',
    lender: 'Prestamista: la financiera que presta el servicio Kilat (el "Prestamista").',
    borrower: (name, phone) => `Acreditado: ${name ?? 'el titular del número celular registrado'}, número celular ${phone} (el "Acreditado").`,
    product: (name) => `Producto: ${name}.`,
    orderNo: (no) => `Número de pedido: ${no}.`,
    loan: 'El préstamo',
    line: (label, value) => `${label}: ${value}.`,
    headlineLabel: { apr: 'APR (tasa anual)', cat: 'CAT (Costo Anual Total)' },
    schedule: 'Calendario de pagos',
    scheduleLine: (title, amount, date) => `${title}: ${amount}, vence el ${date}.`,
    provisional: 'Los vencimientos se cuentan desde la fecha del depósito; las fechas de arriba aplican si el dinero se deposita hoy.',
    disclosure: 'Condiciones del prestamista',
    disclosureLines: (f) => [
      `Los préstamos tienen un plazo de 91 a 365 días; este préstamo tiene un plazo de ${f.termDays} días.`,
      'La decisión sobre la solicitud se toma en máximo 1 día.',
      'Un préstamo aprobado se deposita en la cuenta del Acreditado en 1 a 3 días naturales.',
      `El pago anticipado solo es posible cuando ha pasado la mitad del plazo y no antes de 7 días desde el depósito (para este préstamo: desde el día ${f.prepayDay} después del depósito).`,
      f.lateCharges,
      'El Acreditado debe informar cualquier cambio de sus datos personales en un plazo de 3 días.',
      'El Prestamista avisará al Acreditado de una cesión del préstamo con 7 días hábiles de anticipación.',
      'Un monto fijado por sentencia judicial debe pagarse en un plazo de 10 días.',
      'Una prórroga requiere pagar antes todos los intereses y cargos por atraso vencidos y extiende el préstamo por el mismo periodo.',
    ],
    acceptance: 'Aceptación',
    acceptanceLines: (date) => [
      'Al marcar la casilla de aceptación y pulsar el botón de confirmar, el Acreditado acepta este contrato de forma electrónica.',
      `Fecha: ${date}.`,
    ],
    consentSections: (tel) => [
      {
        heading: 'Autorización',
        paragraphs: [
          'Autorizo al Prestamista a verificar mi identidad y mi historial crediticio con sociedades de información crediticia y autoridades competentes.',
          'Autorizo al Prestamista a contactarme por teléfono y SMS sobre mi solicitud y mi préstamo.',
        ],
      },
      {
        heading: 'Datos que usamos',
        paragraphs: [
          'Identidad, número celular, información del dispositivo e historial de préstamos se usan para evaluar la solicitud, depositar y cobrar el préstamo y cumplir obligaciones legales.',
        ],
      },
      {
        heading: 'Protección de datos',
        paragraphs: [
          'Tus datos nunca se venden. Solo se comparten con los proveedores del Prestamista, sociedades de información crediticia y autoridades cuando la ley lo exige, y se guardan de forma segura.',
        ],
      },
      {
        heading: 'Tus derechos',
        paragraphs: [
          'Puedes consultar y corregir tus datos; los cambios de datos personales deben informarse en un plazo de 3 días.',
          `Puedes retirar este consentimiento llamando a atención al cliente al ${tel}. Retirarlo no cancela las obligaciones de un préstamo en curso.`,
        ],
      },
    ],
  },
}

export const LOAN_TEXTS: Record<Locale, LoanTexts> = { id, en, es }

/** The term as the borrower reads it: "91 hari", or "120 days (4 installments)". */
export function termText(t: LoanTexts, loan: { termUnit: 'day' | 'period'; termDays: number; periods: number }): string {
  return loan.termUnit === 'day' ? t.days(loan.termDays) : `${t.days(loan.termDays)} (${t.installments(loan.periods)})`
}

/** The product's late charges in one sentence, with its market's amounts. */
export function lateChargesText(t: LoanTexts, late: LateChargeTerms, market: Market): string {
  const parts = late.tiers.map((tier, i) => {
    const next = late.tiers[i + 1]
    return t.tier(formatPercent(tier.dailyBps), tier.fromDay, next ? next.fromDay - 1 : null, late.tiers.length === 1)
  })
  const tiers = parts.length <= 1 ? (parts[0] ?? t.tier(formatPercent(0), 1, null, true)) : `${parts.slice(0, -1).join(', ')} ${t.and} ${parts.at(-1)}`
  return t.lateCharges({
    feeNew: formatMoney(late.feeNew, market),
    feeRepeat: formatMoney(late.feeRepeat, market),
    tiers,
    cap: formatPercent(late.capBps),
  })
}
