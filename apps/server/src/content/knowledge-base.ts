import { INDIA_LATE_CHARGES, formatMoneyWhole, MARKET_CLAIMS, type Locale, type Market } from '@kilat/domain'

/**
 * The chatbot's knowledge base (docs/product/complaints.md#knowledge-base): what borrowers ask,
 * answered from our own rules (docs/product/money-rules.md, loans.md, shell-and-sessions.md and
 * the agreements' collection and complaint clauses). The seed writes it; staff will edit it later.
 * `keywords` are words borrowers use that the question does not say: they weigh in the search.
 */

type L = Record<Locale, string>

export interface KbQuestion {
  key: string
  title: L
  answer: L
  keywords: L
  /** 4: the answer offers the contact-customer-service button. */
  actionType?: 0 | 4
}

export interface KbCategory {
  key: string
  icon: string
  title: L
  alias: L
  /** 4: choosing the category goes straight to customer service. */
  actionType?: 0 | 4
  questions: KbQuestion[]
}

const l = (id: string, en: string, es: string): L => ({ id, en, es })

/** A market's loan range as its claims state it (packages/domain/src/claims.ts), in its own format. */
/** India's one-time late fees, from the terms the server charges by, grouped as India groups them. */
const INDIA_FEE = {
  new: formatMoneyWhole(INDIA_LATE_CHARGES.feeNew, 'IN'),
  repeat: formatMoneyWhole(INDIA_LATE_CHARGES.feeRepeat, 'IN'),
}

const claimRange = (market: Market, to: string) =>
  `${formatMoneyWhole(MARKET_CLAIMS[market].min, market)} ${to} ${formatMoneyWhole(MARKET_CLAIMS[market].max, market)}`

export const KNOWLEDGE_BASE: KbCategory[] = [
  {
    key: 'repayment',
    icon: 'repayment',
    title: l('Pembayaran', 'Repayment', 'Pagos'),
    alias: l('Bayar', 'Repay', 'Pagar'),
    questions: [
      {
        key: 'repay-how',
        title: l('Bagaimana cara membayar pinjaman saya?', 'How do I repay my loan?', '¿Cómo pago mi préstamo?'),
        answer: l(
          'Buka detail pinjaman Anda dan ketuk Bayar. Pilih transfer bank (virtual account) atau gerai minimarket, lalu bayar tepat sebesar jumlah yang ditampilkan. Bayar hanya melalui halaman pembayaran di aplikasi, jangan pernah ke rekening pribadi.',
          'Open your loan details and tap Repay. Choose a bank transfer (virtual account) or a mini-market, then pay exactly the amount shown. Pay only through the repayment page in the app, never into a personal account.',
          'Abre el detalle de tu préstamo y toca Pagar. Elige transferencia bancaria (cuenta virtual) o pago en tienda, y paga exactamente el monto que se muestra. Paga solo desde la página de pago de la app, nunca a una cuenta personal.',
        ),
        keywords: l('bayar cicilan tagihan transfer pelunasan lunasi', 'pay payment bill settle transfer', 'pagar pago liquidar abonar transferencia'),
      },
      {
        key: 'repay-not-updated',
        title: l('Saya sudah membayar tetapi status belum berubah', 'I paid but my loan status has not changed', 'Ya pagué pero el estado de mi préstamo no cambia'),
        answer: l(
          'Pembayaran biasanya tercatat dalam beberapa menit. Bila setelah 1 jam status belum berubah, hubungi layanan pelanggan dengan bukti pembayaran (nomor virtual account, jumlah dan waktu bayar). Denda tidak dihitung untuk hari ketika Anda sudah membayar tepat waktu.',
          'A payment is usually recorded within minutes. If the status has not changed after 1 hour, contact customer service with your proof of payment (virtual account number, amount and time). You are not charged late fees for a day on which you had already paid on time.',
          'Un pago suele registrarse en minutos. Si después de 1 hora el estado no cambia, contacta a atención al cliente con tu comprobante (número de cuenta virtual, monto y hora). No se cobran cargos por atraso por un día en que ya habías pagado a tiempo.',
        ),
        keywords: l('belum masuk tidak tercatat bukti transfer status', 'not recorded missing payment proof pending', 'no aparece comprobante pendiente no registrado'),
        actionType: 4,
      },
      {
        key: 'repay-installments',
        title: l('Bagaimana cara membayar cicilan?', 'How do installment payments work?', '¿Cómo funcionan los pagos a plazos?'),
        answer: l(
          'Cicilan dibayar berurutan: hanya cicilan belum lunas yang paling awal yang bisa dipilih, dan memilih satu cicilan ikut memilih semua cicilan sebelumnya. Tombol Bayar meminta cicilan yang terlambat, cicilan berikutnya dan denda bila ada, bukan seluruh sisa pinjaman.',
          'Installments are paid in order: only the earliest unpaid installment can be chosen, and choosing one also chooses every earlier one. The Repay button asks for overdue installments, the next one and any late charges, not the whole remaining balance.',
          'Los pagos se cubren en orden: solo se puede elegir el pago pendiente más antiguo, y elegir uno incluye todos los anteriores. El botón Pagar pide los pagos vencidos, el siguiente y los cargos por atraso, no todo el saldo.',
        ),
        keywords: l('cicilan angsuran periode bulanan', 'installment instalment period monthly emi', 'plazos mensualidad parcialidad cuota'),
      },
      {
        key: 'repay-partial',
        title: l('Apakah saya bisa membayar sebagian?', 'Can I pay only part of what I owe?', '¿Puedo pagar solo una parte?'),
        answer: l(
          'Untuk pinjaman cicilan, Anda dapat membayar cicilan yang Anda pilih; sisanya tetap jatuh tempo pada tanggalnya. Pinjaman sekali bayar dilunasi sekaligus. Pembayaran yang melunasi semua yang terlambat mengembalikan pinjaman ke status normal.',
          'For an installment loan you can pay the installments you choose; the rest stays due on its dates. A single-payment loan is repaid in one go. A payment that clears everything overdue returns the loan to its normal status.',
          'En un préstamo a plazos puedes pagar los pagos que elijas; el resto vence en sus fechas. Un préstamo de pago único se liquida en una sola exhibición. Un pago que cubre todo lo vencido regresa el préstamo a su estado normal.',
        ),
        keywords: l('sebagian parsial kurang', 'partial part some', 'parcial abono parte'),
      },
      {
        key: 'repay-minimarket',
        title: l('Bagaimana cara membayar di minimarket?', 'How do I pay at a mini-market?', '¿Cómo pago en una tienda?'),
        answer: l(
          'Pilih Minimarket di halaman pembayaran dan pilih gerai (misalnya Alfamart). Tunjukkan kode bayar kepada kasir dan bayar jumlah yang tertera. Simpan struknya sampai pembayaran tercatat.',
          'Choose Mini-market on the repayment page and pick the outlet (for example Alfamart). Show the payment code to the cashier and pay the amount shown. Keep the receipt until the payment is recorded.',
          'Elige Tienda en la página de pago y selecciona el comercio. Muestra el código de pago en caja y paga el monto indicado. Guarda el ticket hasta que el pago se registre.',
        ),
        keywords: l('alfamart indomaret gerai kasir kode bayar', 'alfamart store outlet cashier code', 'tienda oxxo caja código ticket'),
      },
    ],
  },
  {
    key: 'extension',
    icon: 'extension',
    title: l('Perpanjangan', 'Extension', 'Prórroga'),
    alias: l('Perpanjang', 'Extend', 'Prórroga'),
    questions: [
      {
        key: 'extension-what',
        title: l('Apa itu perpanjangan pinjaman?', 'What is a loan extension?', '¿Qué es una prórroga del préstamo?'),
        answer: l(
          'Dengan membayar biaya perpanjangan, tanggal jatuh tempo mundur sepanjang jangka waktu pinjaman Anda. Pembayaran perpanjangan juga melunasi bunga dan denda yang sudah jatuh tempo, dalam satu kali bayar; pokok pinjaman dibayar pada tanggal jatuh tempo yang baru. Tautan perpanjangan muncul di detail pinjaman bila pinjaman Anda bisa diperpanjang.',
          'By paying the extension fee, your due date moves by the same period as your loan’s term. The same payment first pays the interest and late charges already due; the principal is repaid on the new due date. The extension link shows on your loan details when your loan can be extended.',
          'Al pagar la comisión de prórroga, tu fecha de vencimiento se mueve por el mismo periodo que el plazo de tu préstamo. El mismo pago cubre primero los intereses y cargos por atraso ya vencidos; el capital se paga en la nueva fecha de vencimiento. El enlace de prórroga aparece en el detalle del préstamo cuando tu préstamo la admite.',
        ),
        keywords: l('perpanjang tunda mundur jatuh tempo', 'extend delay postpone rollover due date', 'prorroga extender aplazar posponer ampliar vencimiento'),
      },
      {
        key: 'extension-which',
        title: l('Pinjaman mana yang bisa diperpanjang?', 'Which loans can be extended?', '¿Qué préstamos se pueden prorrogar?'),
        answer: l(
          'Pinjaman sekali bayar dari kami yang sedang jatuh tempo atau terlambat, bila produknya menawarkan perpanjangan. Pinjaman cicilan tidak bisa diperpanjang. Pinjaman mitra diperpanjang di halaman mitra.',
          'Our single-payment loans that are due or overdue, when the product offers an extension. Installment loans are never extended. Partner loans are extended on the partner’s page.',
          'Nuestros préstamos de pago único que están por vencer o vencidos, cuando el producto ofrece prórroga. Los préstamos a plazos nunca se prorrogan. Los préstamos de socios se prorrogan en la página del socio.',
        ),
        keywords: l('perpanjang cicilan mitra syarat', 'extend installment partner eligible', 'prorroga plazos socio requisitos'),
      },
      {
        key: 'extension-cost',
        title: l('Berapa biaya perpanjangan?', 'How much does an extension cost?', '¿Cuánto cuesta una prórroga?'),
        answer: l(
          'Biaya perpanjangan adalah biaya tetap dari produk Anda dan ditampilkan sebelum Anda membayar. Di Indonesia biaya ini dihitung dalam batas biaya harian OJK, dan bunga, biaya serta denda bersama-sama tidak pernah melebihi 100 % dari pokok pinjaman.',
          'The extension fee is your product’s fixed fee and is shown before you pay. In Indonesia it counts within OJK’s daily cost cap, and interest, fees and late charges together never exceed 100 % of the principal.',
          'La comisión de prórroga es una cuota fija de tu producto y se muestra antes de pagar. En Indonesia cuenta dentro del tope diario de la OJK, y los intereses, comisiones y cargos por atraso juntos nunca superan el 100 % del capital.',
        ),
        keywords: l('biaya perpanjangan ongkos harga', 'extension fee price charge', 'comision prorroga costo precio'),
      },
      {
        key: 'extension-rate',
        title: l('Apakah perpanjangan mengubah bunga saya?', 'Does an extension change my interest rate?', '¿La prórroga cambia mi tasa de interés?'),
        answer: l(
          'Tidak. Suku bunga pinjaman Anda tetap seperti dalam perjanjian, dan denda keterlambatan tidak pernah ditambahkan ke suku bunga atau dibungakan.',
          'No. Your loan’s interest rate stays as in your agreement, and late charges are never added to the interest rate or compounded.',
          'No. La tasa de tu préstamo sigue siendo la de tu contrato, y los cargos por atraso nunca se suman a la tasa ni generan intereses sobre intereses.',
        ),
        keywords: l('bunga suku bunga naik', 'interest rate increase', 'tasa interes aumenta'),
      },
    ],
  },
  {
    key: 'fees',
    icon: 'fees',
    title: l('Biaya dan denda', 'Fees and late charges', 'Comisiones y cargos por atraso'),
    alias: l('Biaya', 'Fees', 'Costos'),
    questions: [
      {
        key: 'fees-what',
        title: l('Biaya apa saja yang saya bayar?', 'What fees do I pay?', '¿Qué comisiones pago?'),
        answer: l(
          'Bunga harian atas pokok pinjaman dan biaya admin yang dipotong saat pencairan. Semua angka (biaya harian total, jumlah diterima, total pengembalian dan ketentuan denda) ditampilkan sebelum Anda menyetujui. Di Indonesia biaya total paling tinggi 0,1 % per hari dari pokok untuk perjanjian sejak 2026.',
          'Daily interest on the principal and an admin fee deducted at payout. Every figure (all-in daily cost, amount received, total to repay and the late-charge terms) is shown before you accept. In Indonesia the all-in cost is at most 0.1 % of the principal a day for agreements from 2026.',
          'Interés diario sobre el capital y una comisión de administración que se descuenta al depositar. Todas las cifras (costo diario total o CAT, monto recibido, total a pagar y cargos por atraso) se muestran antes de aceptar.',
        ),
        keywords: l('biaya bunga admin potongan ongkos', 'fee interest admin charge cost apr', 'comision interes administracion costo cat'),
      },
      {
        key: 'fees-received-less',
        title: l('Mengapa dana yang saya terima lebih kecil dari jumlah pinjaman?', 'Why did I receive less than the loan amount?', '¿Por qué recibí menos que el monto del préstamo?'),
        answer: l(
          'Biaya admin dipotong saat pencairan, sehingga Anda menerima jumlah pinjaman dikurangi biaya admin. Anda tetap mengembalikan pokok ditambah bunga. Jumlah yang diterima ditampilkan di halaman konfirmasi sebelum Anda setuju.',
          'The admin fee is deducted at payout, so you receive the loan amount minus the admin fee. You repay the principal plus interest. The amount received is shown on the confirmation page before you accept.',
          'La comisión de administración se descuenta al depositar, así que recibes el monto del préstamo menos esa comisión. Pagas el capital más intereses. El monto recibido aparece en la confirmación antes de aceptar.',
        ),
        keywords: l('diterima kurang potong potongan cair', 'received less deducted payout short', 'recibi menos descuento deposito'),
      },
      {
        key: 'fees-late',
        title: l('Bagaimana denda keterlambatan dihitung?', 'How are late charges calculated?', '¿Cómo se calculan los cargos por atraso?'),
        answer: l(
          `Denda mulai pada hari setelah tanggal jatuh tempo (waktu setempat) dan dihitung sekali per hari atas bagian yang terlambat saja, tanpa bunga berbunga. Indonesia: paling tinggi 0,1 % per hari dari pokok yang terlambat. India: ${INDIA_FEE.new} sekali (${INDIA_FEE.repeat} untuk nasabah lama), lalu 5 %, 4 % dan 2 % per hari sesuai lamanya. Meksiko: biaya tetap sekali, lalu bunga moratorium harian produk.`,
          `Late charges start on the day after the due date (local time) and accrue once a day on the overdue part only, never compounded. Indonesia: at most 0.1 % a day of the overdue principal. India: ${INDIA_FEE.new} once (${INDIA_FEE.repeat} for repeat clients), then 5 %, 4 % and 2 % a day by how long it is late. Mexico: a fixed fee once, then the product’s daily moratory interest.`,
          `Los cargos empiezan el día siguiente al vencimiento (hora local) y se calculan una vez al día solo sobre lo vencido, sin intereses sobre intereses. México: una comisión fija una sola vez y luego el interés moratorio diario del producto. Indonesia: máximo 0.1 % diario del capital vencido. India: ${INDIA_FEE.new} una vez (${INDIA_FEE.repeat} clientes recurrentes) y luego 5 %, 4 % y 2 % diario.`,
        ),
        keywords: l('denda telat terlambat keterlambatan penalti', 'late fee penalty overdue charge fine', 'atraso multa recargo moratorio penalizacion'),
      },
      {
        key: 'fees-cap',
        title: l('Apakah ada batas maksimal biaya dan denda?', 'Is there a limit on fees and late charges?', '¿Hay un límite para comisiones y cargos?'),
        answer: l(
          'Ya. Di Indonesia bunga, biaya dan denda bersama-sama tidak pernah melebihi 100 % dari pokok pinjaman. Di India dan Meksiko denda keterlambatan paling banyak 100 % dari jumlah yang belum dibayar. Setelah batas tercapai, denda harian menjadi nol.',
          'Yes. In Indonesia interest, fees and late charges together never exceed 100 % of the principal. In India and Mexico late charges are at most 100 % of the unpaid amount. Once the limit is reached, the daily charge is zero.',
          'Sí. En México y la India los cargos por atraso son como máximo el 100 % del monto no pagado. En Indonesia intereses, comisiones y cargos juntos nunca superan el 100 % del capital. Al llegar al límite, el cargo diario es cero.',
        ),
        keywords: l('batas maksimal plafon 100 persen', 'cap maximum limit ceiling 100 percent', 'tope maximo limite 100 por ciento'),
      },
      {
        key: 'fees-overdue-when',
        title: l('Kapan pinjaman saya dianggap terlambat?', 'When is my loan overdue?', '¿Cuándo se considera vencido mi préstamo?'),
        answer: l(
          'Sepanjang tanggal jatuh tempo pinjaman Anda masih tepat waktu. Pinjaman terlambat mulai pukul 00.00 waktu setempat pada hari berikutnya, dan hari itu adalah hari terlambat pertama.',
          'All of the due date itself is on time. Your loan is overdue from 00:00 local time on the next day, which is the first day overdue.',
          'Todo el día de vencimiento sigue siendo a tiempo. Tu préstamo está vencido desde las 00:00 hora local del día siguiente, que es el primer día de atraso.',
        ),
        keywords: l('jatuh tempo terlambat tanggal hari', 'due date overdue late day', 'vencimiento vencido fecha dia atraso'),
      },
    ],
  },
  {
    key: 'account',
    icon: 'account',
    title: l('Akun dan masuk', 'Account and login', 'Cuenta e inicio de sesión'),
    alias: l('Akun', 'Account', 'Cuenta'),
    questions: [
      {
        key: 'account-login',
        title: l('Bagaimana cara masuk ke akun saya?', 'How do I log in?', '¿Cómo inicio sesión?'),
        answer: l(
          'Masukkan nomor ponsel Anda, minta kode SMS dan masukkan 6 digit kode tersebut. Kode berlaku 5 menit. Jangan pernah memberikan kode Anda kepada siapa pun, termasuk petugas kami.',
          'Enter your mobile number, ask for the SMS code and enter its 6 digits. The code is valid for 5 minutes. Never give your code to anyone, including our staff.',
          'Escribe tu número de celular, solicita el código SMS e ingresa sus 6 dígitos. El código es válido 5 minutos. Nunca compartas tu código con nadie, ni con nuestro personal.',
        ),
        keywords: l('masuk login kode sms otp', 'login sign in sms code otp', 'iniciar sesion entrar codigo sms otp'),
      },
      {
        key: 'account-no-sms',
        title: l('Saya tidak menerima kode SMS', 'I did not receive the SMS code', 'No recibí el código SMS'),
        answer: l(
          'Periksa sinyal dan nomor yang Anda masukkan, lalu tunggu 60 detik sebelum meminta kode baru. Satu nomor bisa menerima paling banyak 10 kode dalam 24 jam.',
          'Check your signal and the number you entered, then wait 60 seconds before asking for a new code. A number can receive at most 10 codes in 24 hours.',
          'Revisa tu señal y el número que escribiste, y espera 60 segundos antes de pedir un código nuevo. Un número puede recibir como máximo 10 códigos en 24 horas.',
        ),
        keywords: l('sms tidak masuk kode otp tidak terima', 'sms not received code otp missing', 'sms no llega codigo otp'),
      },
      {
        key: 'account-wrong-code',
        title: l('Kode saya salah terlalu banyak kali', 'I entered a wrong code too many times', 'Ingresé un código incorrecto muchas veces'),
        answer: l(
          'Setelah 5 kali salah, kode tersebut tidak berlaku lagi. Minta kode baru dan masukkan kode dari SMS terbaru saja.',
          'After 5 wrong attempts the code stops working. Ask for a new code and enter the code from the latest SMS only.',
          'Después de 5 intentos incorrectos el código deja de funcionar. Pide un código nuevo e ingresa solo el del SMS más reciente.',
        ),
        keywords: l('kode salah blokir kedaluwarsa', 'wrong code blocked expired', 'codigo incorrecto bloqueado caducado'),
      },
      {
        key: 'account-session',
        title: l('Mengapa saya diminta masuk kembali?', 'Why am I asked to log in again?', '¿Por qué me pide iniciar sesión de nuevo?'),
        answer: l(
          'Sesi masuk berlaku 30 hari, dan berakhir bila Anda keluar. Masuk kembali dengan nomor ponsel dan kode SMS; data pinjaman Anda tetap aman.',
          'A login session lasts 30 days and ends when you log out. Log in again with your mobile number and an SMS code; your loan data stays as it is.',
          'Una sesión dura 30 días y termina cuando cierras sesión. Vuelve a entrar con tu número y un código SMS; los datos de tu préstamo no cambian.',
        ),
        keywords: l('sesi berakhir keluar masuk lagi', 'session ended expired logged out', 'sesion terminada expirada'),
      },
      {
        key: 'account-change-phone',
        title: l('Bagaimana cara mengganti nomor ponsel?', 'How do I change my mobile number?', '¿Cómo cambio mi número de celular?'),
        answer: l(
          'Demi keamanan, nomor ponsel diganti oleh layanan pelanggan setelah verifikasi identitas. Hubungi layanan pelanggan. Perubahan data pribadi wajib diberitahukan dalam 3 hari.',
          'For your security, the mobile number is changed by customer service after checking your identity. Please contact customer service. Changes of personal details must be notified within 3 days.',
          'Por seguridad, atención al cliente cambia el número después de verificar tu identidad. Contacta a atención al cliente. Los cambios de datos personales deben avisarse en 3 días.',
        ),
        keywords: l('ganti nomor ubah data hp', 'change number update phone details', 'cambiar numero telefono datos'),
        actionType: 4,
      },
    ],
  },
  {
    key: 'loan',
    icon: 'loan',
    title: l('Pengajuan dan pencairan', 'Applying and payout', 'Solicitud y depósito'),
    alias: l('Pinjaman', 'Loan', 'Préstamo'),
    questions: [
      {
        key: 'loan-decision-time',
        title: l('Berapa lama keputusan pengajuan?', 'How long does a decision take?', '¿Cuánto tarda la decisión?'),
        answer: l(
          'Kami memberi keputusan dalam 1 hari. Statusnya terlihat di detail pinjaman: Sedang ditinjau, Disetujui atau Tidak disetujui.',
          'We decide within 1 day. You can follow it on the loan details: Under review, Approved or Not approved.',
          'Decidimos en un máximo de 1 día. Puedes seguirlo en el detalle del préstamo: En revisión, Aprobado o No aprobado.',
        ),
        keywords: l('keputusan persetujuan tinjau lama proses', 'decision approval review pending long', 'decision aprobacion revision tarda'),
      },
      {
        key: 'loan-payout-time',
        title: l('Kapan dana dicairkan ke rekening saya?', 'When will I receive the money?', '¿Cuándo recibo el dinero?'),
        answer: l(
          'Setelah disetujui, dana dikirim dan masuk ke rekening Anda dalam 1-3 hari kalender, sebesar jumlah pinjaman dikurangi biaya admin.',
          'Once approved, the money is sent and reaches your account within 1-3 calendar days: the loan amount minus the admin fee.',
          'Una vez aprobado, el dinero se envía y llega a tu cuenta en 1 a 3 días naturales: el monto del préstamo menos la comisión de administración.',
        ),
        keywords: l('cair pencairan dana masuk rekening transfer', 'payout disbursement money arrive account', 'deposito dinero llega cuenta desembolso'),
      },
      {
        key: 'loan-rejected',
        title: l('Mengapa pengajuan saya ditolak?', 'Why was my application rejected?', '¿Por qué rechazaron mi solicitud?'),
        answer: l(
          'Keputusan didasarkan pada penilaian kami atas data pengajuan Anda, dan kami tidak dapat membagikan rinciannya. Anda dapat mencoba produk lain yang ditampilkan di detail pinjaman.',
          'The decision rests on our assessment of your application, and we cannot share its details. You can try another product shown on the loan details.',
          'La decisión se basa en nuestra evaluación de tu solicitud y no podemos compartir sus detalles. Puedes probar otro producto de los que aparecen en el detalle del préstamo.',
        ),
        keywords: l('ditolak gagal tidak disetujui alasan', 'rejected declined refused reason', 'rechazado negado no aprobado motivo'),
      },
      {
        key: 'loan-more-than-one',
        title: l('Bisakah saya punya lebih dari satu pinjaman?', 'Can I have more than one loan?', '¿Puedo tener más de un préstamo?'),
        answer: l(
          'Anda bisa memiliki pinjaman dari beberapa produk, tetapi hanya satu pinjaman yang belum lunas per produk. Setelah lunas, Anda bisa mengajukan lagi.',
          'You can hold loans of several products, but only one unsettled loan per product. Once it is settled you can apply again.',
          'Puedes tener préstamos de varios productos, pero solo un préstamo sin liquidar por producto. Cuando lo liquides puedes solicitar otro.',
        ),
        keywords: l('pinjaman lagi kedua tambah ajukan lagi', 'another second loan again apply', 'otro segundo prestamo nuevo'),
      },
      {
        key: 'loan-amounts',
        title: l('Berapa jumlah yang bisa saya pinjam?', 'How much can I borrow?', '¿Cuánto puedo pedir prestado?'),
        answer: l(
          `Indonesia: ${claimRange('ID', 'sampai')}. India: ${claimRange('IN', 'sampai')}. Meksiko: ${claimRange('MX', 'sampai')}. Setiap produk punya batas dan kelipatan sendiri, ditampilkan di halaman konfirmasi.`,
          `Indonesia: ${claimRange('ID', 'to')}. India: ${claimRange('IN', 'to')}. Mexico: ${claimRange('MX', 'to')}. Each product has its own limits and steps, shown on the confirmation page.`,
          `México: de ${claimRange('MX', 'a')}. Indonesia: de ${claimRange('ID', 'a')}. India: de ${claimRange('IN', 'a')}. Cada producto tiene sus propios límites, que se muestran en la confirmación.`,
        ),
        keywords: l('jumlah limit plafon maksimal minimal', 'amount limit maximum minimum how much', 'monto limite maximo minimo cuanto'),
      },
    ],
  },
  {
    key: 'privacy',
    icon: 'privacy',
    title: l('Privasi data', 'Data privacy', 'Privacidad de datos'),
    alias: l('Privasi', 'Privacy', 'Privacidad'),
    questions: [
      {
        key: 'privacy-what',
        title: l('Data apa yang Anda kumpulkan dan untuk apa?', 'What data do you collect and why?', '¿Qué datos recopilan y para qué?'),
        answer: l(
          'Nomor ponsel Anda, data yang Anda isi saat mengajukan dan data perangkat yang dikirim aplikasi. Kami memakainya untuk menilai, melayani dan menagih pinjaman Anda serta memenuhi kewajiban hukum, tidak untuk hal lain.',
          'Your mobile number, what you fill in when you apply and the device details the app sends. We use them to assess, service and collect your loan and to meet our legal duties, and for nothing else.',
          'Tu número de celular, lo que llenas al solicitar y los datos del dispositivo que envía la app. Los usamos para evaluar, administrar y cobrar tu préstamo y cumplir la ley, y para nada más.',
        ),
        keywords: l('data pribadi privasi informasi kumpulkan', 'personal data privacy information collect', 'datos personales privacidad informacion'),
      },
      {
        key: 'privacy-contacts',
        title: l('Apakah kontak saya akan dihubungi?', 'Will you contact people in my contact list?', '¿Contactarán a las personas de mi agenda?'),
        answer: l(
          'Tidak. Kami hanya menghubungi Anda sendiri tentang pinjaman Anda, tidak pernah keluarga, teman atau kontak Anda. Bila ada yang melakukannya atas nama kami, ajukan pengaduan jenis Penagihan.',
          'No. We contact only you about your loan, never your family, friends or contacts. If anyone does so in our name, file a Collection complaint.',
          'No. Solo te contactamos a ti sobre tu préstamo, nunca a tu familia, amigos o contactos. Si alguien lo hace en nuestro nombre, presenta una queja de tipo Cobranza.',
        ),
        keywords: l('kontak keluarga teman sebar data', 'contacts family friends share data', 'contactos familia amigos compartir datos'),
        actionType: 4,
      },
      {
        key: 'privacy-share',
        title: l('Dengan siapa data saya dibagikan?', 'Who do you share my data with?', '¿Con quién comparten mis datos?'),
        answer: l(
          'Hanya dengan pihak yang diperlukan untuk pinjaman Anda: penyedia pembayaran, mitra pemberi pinjaman untuk pinjaman mitra, dan otoritas bila diwajibkan hukum. Kami tidak menjual data Anda.',
          'Only with those needed for your loan: payment providers, the partner lender for a partner loan, and authorities when the law requires it. We do not sell your data.',
          'Solo con quienes se necesitan para tu préstamo: proveedores de pago, el socio prestamista en un préstamo de socio y autoridades cuando la ley lo exige. No vendemos tus datos.',
        ),
        keywords: l('bagikan jual pihak ketiga', 'share sell third party', 'compartir vender terceros'),
      },
      {
        key: 'privacy-delete',
        title: l('Bagaimana cara menghapus data saya?', 'How do I delete my data?', '¿Cómo elimino mis datos?'),
        answer: l(
          'Hubungi layanan pelanggan untuk meminta penghapusan. Kami menghapus yang bisa dihapus dan menyimpan hanya yang wajib disimpan menurut hukum, misalnya catatan pinjaman dan pembayaran.',
          'Contact customer service to ask for deletion. We delete what can be deleted and keep only what the law requires us to keep, such as loan and payment records.',
          'Contacta a atención al cliente para solicitar la eliminación. Borramos lo que se puede borrar y conservamos solo lo que la ley exige, como los registros de préstamos y pagos.',
        ),
        keywords: l('hapus data tutup akun', 'delete data close account remove', 'borrar eliminar datos cerrar cuenta'),
        actionType: 4,
      },
      {
        key: 'privacy-security',
        title: l('Apakah data saya aman?', 'Is my data safe?', '¿Mis datos están seguros?'),
        answer: l(
          'Koneksi aplikasi dienkripsi, sesi masuk disimpan dalam bentuk acak (hash), dan foto pengaduan hanya bisa dilihat oleh Anda. Kami tidak pernah meminta kode SMS Anda lewat telepon atau pesan.',
          'The app’s connections are encrypted, login sessions are stored only as hashes, and complaint photos can be seen by you alone. We never ask for your SMS code by phone or message.',
          'Las conexiones de la app están cifradas, las sesiones se guardan solo como hash y las fotos de tus quejas solo las ves tú. Nunca te pediremos tu código SMS por teléfono o mensaje.',
        ),
        keywords: l('aman keamanan enkripsi penipuan', 'safe security encrypted fraud scam', 'seguro seguridad cifrado fraude'),
      },
    ],
  },
  {
    key: 'collection',
    icon: 'collection',
    title: l('Penagihan', 'Collection', 'Cobranza'),
    alias: l('Penagihan', 'Collection', 'Cobranza'),
    questions: [
      {
        key: 'collection-how',
        title: l('Bagaimana Anda menghubungi saya bila saya terlambat?', 'How will you contact me if I am late?', '¿Cómo me contactarán si me atraso?'),
        answer: l(
          'Kami hanya menghubungi Anda sendiri, dengan sopan, antara pukul 08.00 dan 20.00 waktu setempat. Tanpa ancaman, kekerasan atau tindakan yang mempermalukan Anda.',
          'We contact only you, courteously, between 08:00 and 20:00 local time. No threats, violence or anything meant to shame you.',
          'Solo te contactamos a ti, con respeto, entre las 08:00 y las 20:00 hora local. Sin amenazas, violencia ni nada que te avergüence.',
        ),
        keywords: l('penagih telepon jam tagih', 'collector call hours collection contact', 'cobrador llamada horario cobranza'),
      },
      {
        key: 'collection-abuse',
        title: l('Penagih mengancam saya atau menghubungi keluarga saya', 'A collector threatened me or contacted my family', 'Un cobrador me amenazó o contactó a mi familia'),
        answer: l(
          'Itu tidak diperbolehkan. Ajukan pengaduan jenis Penagihan dengan sub-jenis yang sesuai dan lampirkan tangkapan layar atau rekaman bila ada. Kami menindaklanjutinya dan membalas dalam 3 hari kerja.',
          'That is not allowed. File a Collection complaint with the matching sub-type and attach screenshots or recordings if you have them. We act on it and reply within 3 working days.',
          'Eso no está permitido. Presenta una queja de tipo Cobranza con el subtipo que corresponda y adjunta capturas o grabaciones si las tienes. La atendemos y respondemos en 3 días hábiles.',
        ),
        keywords: l('ancam kasar maki teror keluarga sebar', 'threat abusive rude harass family shame', 'amenaza grosero acoso familia exhibir'),
        actionType: 4,
      },
      {
        key: 'collection-verify',
        title: l('Bagaimana memastikan penagih benar dari Kilat?', 'How do I know a collector is really from Kilat?', '¿Cómo sé que un cobrador es de Kilat?'),
        answer: l(
          'Petugas kami tidak pernah meminta Anda membayar ke rekening pribadi atau meminta kode SMS Anda. Bayar hanya melalui halaman pembayaran di aplikasi. Bila ragu, hubungi layanan pelanggan.',
          'Our staff never ask you to pay into a personal account or for your SMS code. Pay only through the repayment page in the app. If in doubt, contact customer service.',
          'Nuestro personal nunca te pide pagar a una cuenta personal ni tu código SMS. Paga solo desde la página de pago de la app. Si tienes dudas, contacta a atención al cliente.',
        ),
        keywords: l('penagih palsu penipuan rekening pribadi', 'fake collector scam personal account', 'cobrador falso fraude cuenta personal'),
        actionType: 4,
      },
      {
        key: 'collection-complaint-time',
        title: l('Kapan pengaduan saya dibalas?', 'When will my complaint be answered?', '¿Cuándo responden mi queja?'),
        answer: l(
          'Kami membalas dalam 3 hari kerja; akhir pekan dan hari libur nasional tidak dihitung. Tanggalnya tertera di pengaduan Anda. Bila terlambat atau Anda tidak puas, pengaduan menunjukkan ke mana Anda dapat mengadu lebih lanjut.',
          'We reply within 3 working days; weekends and public holidays are not counted. The date is shown on your complaint. If we are late or you are not satisfied, the complaint shows where you can escalate.',
          'Respondemos en 3 días hábiles, sin contar fines de semana ni días festivos. La fecha aparece en tu queja. Si nos retrasamos o no quedas conforme, la queja indica a dónde puedes acudir.',
        ),
        keywords: l('pengaduan keluhan balasan berapa lama', 'complaint reply answer how long', 'queja reclamo respuesta cuanto tarda'),
      },
    ],
  },
  {
    key: 'contact',
    icon: 'contact',
    title: l('Hubungi layanan pelanggan', 'Contact customer service', 'Contactar a atención al cliente'),
    alias: l('Layanan', 'Contact', 'Contacto'),
    actionType: 4,
    questions: [],
  },
]
