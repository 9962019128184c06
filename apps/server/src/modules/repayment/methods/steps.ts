import type { Locale, Market } from '@kilat/domain'

/**
 * What a borrower does to pay through each channel (docs/product/screens.md#that), in every language (docs/product/markets-and-formats.md#languages).
 * Each step is written once with its three languages side by side, so a language cannot lose or
 * gain a step. Placeholders: `{account}` (virtual account, payment code, our UPI ID, CLABE or
 * cash reference) and `{amount}` (already formatted) come from the caller; `{prefix}` (the bank's
 * company code) and `{ifsc}` from the catalogue in methods.ts.
 *
 * Menu labels of Indonesian banks are quoted as their screens show them, in Indonesian, with a
 * gloss in English and Spanish: a borrower reading Spanish still meets an Indonesian ATM. Channel
 * names are brand names and stay the same in every language.
 */

export type Texts = Readonly<Record<Locale, string>>

export interface StepGroupTexts {
  name: Texts
  steps: readonly Texts[]
}

const l = (id: string, en: string, es: string): Texts => ({ id, en, es })
const same = (name: string): Texts => l(name, name, name)

// --- shared by the Indonesian banks -------------------------------------------------------------

const CARD_PIN = l('Masukkan kartu ATM, lalu PIN Anda.', 'Insert your ATM card and enter your PIN.', 'Inserta tu tarjeta en el cajero y escribe tu PIN.')
const CHECK = l(
  'Periksa bahwa nama penerima adalah Kilat dan jumlahnya {amount}.',
  'Check that the payee is Kilat and the amount is {amount}.',
  'Comprueba que el beneficiario sea Kilat y el monto {amount}.',
)
// BRI, Permata and CIMB do not always show the bill's amount: the payer may have to type it.
const AMOUNT_IF_ASKED = l('Jika diminta, masukkan jumlah tepat {amount}.', 'If asked for an amount, enter exactly {amount}.', 'Si te pide un monto, escribe exactamente {amount}.')
const ENTER_AMOUNT = l('Masukkan jumlah tepat {amount}.', 'Enter exactly {amount}.', 'Escribe exactamente {amount}.')
const ENTER_VA_ATM = l(
  'Masukkan nomor virtual account {account}, lalu tekan "Benar".',
  'Enter the virtual account number {account} and press "Benar" (Correct).',
  'Escribe el número de cuenta virtual {account} y pulsa "Benar" (Correcto).',
)
const ENTER_VA = l(
  'Masukkan nomor virtual account {account}, lalu lanjutkan.',
  'Enter the virtual account number {account} and continue.',
  'Escribe el número de cuenta virtual {account} y continúa.',
)
const FROM_AND_VA = l(
  'Pilih rekening sumber, lalu masukkan nomor virtual account {account}.',
  'Choose the account to pay from, then enter the virtual account number {account}.',
  'Elige la cuenta de origen y escribe el número de cuenta virtual {account}.',
)
const PRESS_YES = l('Tekan "Ya" untuk membayar.', 'Press "Ya" (Yes) to pay.', 'Pulsa "Ya" (Sí) para pagar.')
const CONFIRM = l('Jika semuanya sesuai, konfirmasi pembayaran.', 'If everything matches, confirm the payment.', 'Si todo coincide, confirma el pago.')
const SLIP = l('Simpan struk ATM sebagai bukti pembayaran.', 'Keep the ATM slip as proof of payment.', 'Guarda el comprobante del cajero como prueba de pago.')
const RECEIPT = l(
  'Simpan bukti transaksi (tangkapan layar pun cukup) sampai pembayaran tercatat.',
  'Keep the transaction receipt (a screenshot will do) until the payment shows as received.',
  'Guarda el comprobante de la operación (basta una captura de pantalla) hasta que el pago aparezca como recibido.',
)

const openApp = (app: string): Texts =>
  l(`Buka aplikasi ${app} dan masuk ke akun Anda.`, `Open the ${app} app and log in.`, `Abre la app ${app} e inicia sesión.`)
const logInWeb = (site: string): Texts =>
  l(
    `Masuk ke ${site} dengan user ID dan password Anda.`,
    `Log in to ${site} with your user ID and password.`,
    `Inicia sesión en ${site} con tu user ID y contraseña.`,
  )

const LIVIN = "Livin' by Mandiri"

// --- Indonesia: banks (virtual accounts), one group per channel ---------------------------------

const ID_BANKS: Readonly<Record<string, readonly StepGroupTexts[]>> = {
  BCA: [
    {
      name: same('ATM BCA'),
      steps: [
        CARD_PIN,
        l('Pilih "Transaksi Lainnya", lalu "Transfer".', 'Choose "Transaksi Lainnya" (Other transactions), then "Transfer".', 'Elige "Transaksi Lainnya" (Otras operaciones) y luego "Transfer".'),
        l('Pilih "ke Rekening BCA Virtual Account".', 'Choose "ke Rekening BCA Virtual Account" (to a BCA virtual account).', 'Elige "ke Rekening BCA Virtual Account" (a una cuenta virtual BCA).'),
        ENTER_VA_ATM,
        CHECK,
        PRESS_YES,
        SLIP,
      ],
    },
    {
      name: same('BCA mobile'),
      steps: [
        l('Buka aplikasi BCA mobile, pilih "m-BCA" dan masukkan kode akses Anda.', 'Open the BCA mobile app, choose "m-BCA" and enter your access code.', 'Abre la app BCA mobile, elige "m-BCA" y escribe tu código de acceso.'),
        l('Pilih "m-Transfer", lalu "BCA Virtual Account".', 'Choose "m-Transfer", then "BCA Virtual Account".', 'Elige "m-Transfer" y luego "BCA Virtual Account".'),
        ENTER_VA,
        CHECK,
        l('Masukkan PIN m-BCA untuk menyelesaikan pembayaran.', 'Enter your m-BCA PIN to complete the payment.', 'Escribe tu PIN de m-BCA para completar el pago.'),
        RECEIPT,
      ],
    },
    {
      name: same('KlikBCA'),
      steps: [
        l('Masuk ke KlikBCA Individual (klikbca.com) dengan User ID dan PIN Anda.', 'Log in to KlikBCA Individual (klikbca.com) with your User ID and PIN.', 'Inicia sesión en KlikBCA Individual (klikbca.com) con tu User ID y PIN.'),
        l('Pilih "Transfer Dana", lalu "Transfer ke BCA Virtual Account".', 'Choose "Transfer Dana" (Fund transfer), then "Transfer ke BCA Virtual Account".', 'Elige "Transfer Dana" (Transferencia) y luego "Transfer ke BCA Virtual Account".'),
        ENTER_VA,
        CHECK,
        l('Masukkan respons KeyBCA APPLI 1, lalu pilih "Kirim".', 'Enter the KeyBCA APPLI 1 response, then choose "Kirim" (Send).', 'Escribe la respuesta de KeyBCA APPLI 1 y elige "Kirim" (Enviar).'),
        RECEIPT,
      ],
    },
  ],
  BNI: [
    {
      name: same('ATM BNI'),
      steps: [
        CARD_PIN,
        l('Pilih "Menu Lainnya", lalu "Transfer".', 'Choose "Menu Lainnya" (Other menu), then "Transfer".', 'Elige "Menu Lainnya" (Otro menú) y luego "Transfer".'),
        l(
          'Pilih rekening sumber (misalnya "Rekening Tabungan"), lalu "Virtual Account Billing".',
          'Choose the account to pay from (for example "Rekening Tabungan", savings), then "Virtual Account Billing".',
          'Elige la cuenta de origen (por ejemplo "Rekening Tabungan", ahorro) y luego "Virtual Account Billing".',
        ),
        ENTER_VA_ATM,
        CHECK,
        CONFIRM,
        SLIP,
      ],
    },
    {
      name: same('BNI Mobile Banking'),
      steps: [
        openApp('BNI Mobile Banking'),
        l('Pilih "Transfer", lalu "Virtual Account Billing".', 'Choose "Transfer", then "Virtual Account Billing".', 'Elige "Transfer" y luego "Virtual Account Billing".'),
        FROM_AND_VA,
        CHECK,
        l('Masukkan password transaksi untuk membayar.', 'Enter your transaction password to pay.', 'Escribe tu contraseña de transacciones para pagar.'),
        RECEIPT,
      ],
    },
    {
      name: same('BNI Internet Banking'),
      steps: [
        logInWeb('BNI Internet Banking (ibank.bni.co.id)'),
        l('Pilih "Transfer", lalu "Virtual Account Billing".', 'Choose "Transfer", then "Virtual Account Billing".', 'Elige "Transfer" y luego "Virtual Account Billing".'),
        FROM_AND_VA,
        CHECK,
        l('Masukkan kode dari token BNI e-Secure, lalu konfirmasi.', 'Enter the code from your BNI e-Secure token, then confirm.', 'Escribe el código de tu token BNI e-Secure y confirma.'),
        RECEIPT,
      ],
    },
  ],
  BRI: [
    {
      name: same('ATM BRI'),
      steps: [
        CARD_PIN,
        l(
          'Pilih "Transaksi Lain", lalu "Pembayaran", lalu "Lainnya".',
          'Choose "Transaksi Lain" (Other transactions), "Pembayaran" (Payment), then "Lainnya" (Others).',
          'Elige "Transaksi Lain" (Otras operaciones), "Pembayaran" (Pagos) y luego "Lainnya" (Otros).',
        ),
        l(
          'Pilih "BRIVA", masukkan nomor virtual account {account}, lalu tekan "Benar".',
          'Choose "BRIVA", enter the virtual account number {account} and press "Benar" (Correct).',
          'Elige "BRIVA", escribe el número de cuenta virtual {account} y pulsa "Benar" (Correcto).',
        ),
        AMOUNT_IF_ASKED,
        CHECK,
        PRESS_YES,
        SLIP,
      ],
    },
    {
      name: same('BRImo'),
      steps: [
        openApp('BRImo'),
        l('Pilih menu "BRIVA".', 'Choose "BRIVA".', 'Elige "BRIVA".'),
        l('Masukkan nomor BRIVA {account}, lalu pilih "Lanjutkan".', 'Enter the BRIVA number {account}, then "Lanjutkan" (Continue).', 'Escribe el número BRIVA {account} y luego "Lanjutkan" (Continuar).'),
        AMOUNT_IF_ASKED,
        CHECK,
        l('Masukkan PIN BRImo untuk membayar.', 'Enter your BRImo PIN to pay.', 'Escribe tu PIN de BRImo para pagar.'),
        RECEIPT,
      ],
    },
    {
      name: same('Internet Banking BRI'),
      steps: [
        logInWeb('Internet Banking BRI (ib.bri.co.id)'),
        l('Pilih "Pembayaran", lalu "BRIVA".', 'Choose "Pembayaran" (Payment), then "BRIVA".', 'Elige "Pembayaran" (Pagos) y luego "BRIVA".'),
        FROM_AND_VA,
        AMOUNT_IF_ASKED,
        CHECK,
        l('Masukkan password dan kode mToken, lalu pilih "Kirim".', 'Enter your password and the mToken code, then "Kirim" (Send).', 'Escribe tu contraseña y el código de mToken y luego "Kirim" (Enviar).'),
        RECEIPT,
      ],
    },
  ],
  MANDIRI: [
    {
      name: same('ATM Mandiri'),
      steps: [
        CARD_PIN,
        l(
          'Pilih "Bayar/Beli", lalu "Lainnya", lalu "Multi Payment".',
          'Choose "Bayar/Beli" (Pay/Buy), "Lainnya" (Others), then "Multi Payment".',
          'Elige "Bayar/Beli" (Pagar/Comprar), "Lainnya" (Otros) y luego "Multi Payment".',
        ),
        // Mandiri's multi-payment asks for the biller's company code before the number.
        l('Masukkan kode perusahaan {prefix}, lalu tekan "Benar".', 'Enter the company code {prefix} and press "Benar" (Correct).', 'Escribe el código de empresa {prefix} y pulsa "Benar" (Correcto).'),
        ENTER_VA_ATM,
        CHECK,
        l('Pilih tagihan yang tampil, lalu tekan "Ya" untuk membayar.', 'Select the bill shown, then press "Ya" (Yes) to pay.', 'Selecciona el cargo que aparece y pulsa "Ya" (Sí) para pagar.'),
        SLIP,
      ],
    },
    {
      name: same(LIVIN),
      steps: [
        openApp(LIVIN),
        l('Pilih menu "Bayar/VA" di halaman utama.', 'Choose "Bayar/VA" (Pay/VA) on the home screen.', 'Elige "Bayar/VA" (Pagar/VA) en la pantalla principal.'),
        l(
          'Ketik nomor virtual account {account} di kolom pencarian, lalu pilih penyedia jasa yang muncul.',
          'Type the virtual account number {account} in the search field and choose the service provider shown.',
          'Escribe el número de cuenta virtual {account} en el buscador y elige el proveedor que aparece.',
        ),
        CHECK,
        l('Pilih rekening sumber, konfirmasi, lalu masukkan PIN Anda.', 'Choose the account to pay from, confirm and enter your PIN.', 'Elige la cuenta de origen, confirma y escribe tu PIN.'),
        RECEIPT,
      ],
    },
    {
      name: same('Mandiri Internet Banking'),
      steps: [
        logInWeb('Mandiri Internet Banking'),
        l('Pilih "Bayar", lalu "Multi Payment".', 'Choose "Bayar" (Pay), then "Multi Payment".', 'Elige "Bayar" (Pagar) y luego "Multi Payment".'),
        l(
          'Pilih penyedia jasa dengan kode {prefix}, lalu masukkan nomor virtual account {account}.',
          'Choose the service provider with code {prefix}, then enter the virtual account number {account}.',
          'Elige el proveedor con código {prefix} y escribe el número de cuenta virtual {account}.',
        ),
        CHECK,
        l('Masukkan kode token atau OTP dari Mandiri, lalu konfirmasi.', 'Enter the token code or the OTP Mandiri sends you, then confirm.', 'Escribe el código del token o el OTP que te envía Mandiri y confirma.'),
        RECEIPT,
      ],
    },
  ],
  PERMATA: [
    {
      name: same('ATM Permata'),
      steps: [
        CARD_PIN,
        l(
          'Pilih "Transaksi Lainnya", lalu "Pembayaran", lalu "Pembayaran Lainnya".',
          'Choose "Transaksi Lainnya" (Other transactions), "Pembayaran" (Payment), then "Pembayaran Lainnya" (Other payments).',
          'Elige "Transaksi Lainnya" (Otras operaciones), "Pembayaran" (Pagos) y luego "Pembayaran Lainnya" (Otros pagos).',
        ),
        l(
          'Pilih "Virtual Account", masukkan nomor {account}, lalu tekan "Benar".',
          'Choose "Virtual Account", enter the number {account} and press "Benar" (Correct).',
          'Elige "Virtual Account", escribe el número {account} y pulsa "Benar" (Correcto).',
        ),
        AMOUNT_IF_ASKED,
        CHECK,
        CONFIRM,
        SLIP,
      ],
    },
    {
      name: same('PermataMobile X'),
      steps: [
        openApp('PermataMobile X'),
        l('Pilih "Bayar Tagihan", lalu "Virtual Account".', 'Choose "Bayar Tagihan" (Pay bills), then "Virtual Account".', 'Elige "Bayar Tagihan" (Pagar servicios) y luego "Virtual Account".'),
        ENTER_VA,
        AMOUNT_IF_ASKED,
        CHECK,
        l('Konfirmasi dengan PIN transaksi atau kode respons Anda.', 'Confirm with your transaction PIN or response code.', 'Confirma con tu PIN de transacciones o tu código de respuesta.'),
        RECEIPT,
      ],
    },
    {
      name: same('PermataNet'),
      steps: [
        logInWeb('PermataNet'),
        l('Pilih "Pembayaran Tagihan", lalu "Virtual Account".', 'Choose "Pembayaran Tagihan" (Bill payment), then "Virtual Account".', 'Elige "Pembayaran Tagihan" (Pago de servicios) y luego "Virtual Account".'),
        ENTER_VA,
        AMOUNT_IF_ASKED,
        CHECK,
        l('Masukkan kode token yang dikirim lewat SMS, lalu konfirmasi.', 'Enter the token code sent to you by SMS, then confirm.', 'Escribe el código que recibes por SMS y confirma.'),
        RECEIPT,
      ],
    },
  ],
  CIMB: [
    {
      name: same('ATM CIMB Niaga'),
      steps: [
        CARD_PIN,
        l(
          'Pilih "Transfer", lalu "Rekening CIMB Niaga/Rekening Ponsel Lain".',
          'Choose "Transfer", then "Rekening CIMB Niaga/Rekening Ponsel Lain" (another CIMB Niaga account).',
          'Elige "Transfer" y luego "Rekening CIMB Niaga/Rekening Ponsel Lain" (otra cuenta CIMB Niaga).',
        ),
        FROM_AND_VA,
        ENTER_AMOUNT,
        CHECK,
        CONFIRM,
        SLIP,
      ],
    },
    {
      name: same('OCTO Mobile'),
      steps: [
        openApp('OCTO Mobile'),
        l('Pilih "Transfer", lalu "Rekening CIMB Niaga Lain".', 'Choose "Transfer", then "Rekening CIMB Niaga Lain" (another CIMB Niaga account).', 'Elige "Transfer" y luego "Rekening CIMB Niaga Lain" (otra cuenta CIMB Niaga).'),
        FROM_AND_VA,
        ENTER_AMOUNT,
        CHECK,
        l('Masukkan PIN Anda untuk membayar.', 'Enter your PIN to pay.', 'Escribe tu PIN para pagar.'),
        RECEIPT,
      ],
    },
    {
      name: same('OCTO Clicks'),
      steps: [
        logInWeb('OCTO Clicks'),
        l('Pilih "Transfer", lalu "Rekening CIMB Niaga Lain".', 'Choose "Transfer", then "Rekening CIMB Niaga Lain" (another CIMB Niaga account).', 'Elige "Transfer" y luego "Rekening CIMB Niaga Lain" (otra cuenta CIMB Niaga).'),
        FROM_AND_VA,
        ENTER_AMOUNT,
        CHECK,
        l('Masukkan mPIN atau kode token, lalu konfirmasi.', 'Enter your mPIN or token code, then confirm.', 'Escribe tu mPIN o el código del token y confirma.'),
        RECEIPT,
      ],
    },
  ],
}

// --- Indonesia: mini markets (payment code at the till) -----------------------------------------

// The store may add its own counter fee on top of the bill; the borrower should not be surprised.
const atTheTill = (store: string): readonly Texts[] => [
  l(`Datang ke gerai ${store} terdekat.`, `Go to any ${store} store.`, `Ve a cualquier tienda ${store}.`),
  l(
    'Beri tahu kasir bahwa Anda ingin membayar tagihan Kilat dengan kode pembayaran.',
    'Tell the cashier you want to pay a Kilat bill with a payment code.',
    'Dile al cajero que quieres pagar una cuenta de Kilat con un código de pago.',
  ),
  l('Tunjukkan atau sebutkan kode pembayaran {account}.', 'Show or read out the payment code {account}.', 'Muestra o dicta el código de pago {account}.'),
  l('Pastikan layar kasir menampilkan Kilat dan jumlah {amount}.', 'Make sure the till shows Kilat and the amount {amount}.', 'Asegúrate de que la caja muestre Kilat y el monto {amount}.'),
  l('Bayar tepat {amount}; gerai dapat menambahkan biaya admin sendiri.', 'Pay exactly {amount}; the store may add its own service fee.', 'Paga exactamente {amount}; la tienda puede cobrar su propia comisión.'),
  l('Simpan struk sebagai bukti pembayaran.', 'Keep the receipt as proof of payment.', 'Guarda el ticket como comprobante de pago.'),
]

// --- India ---------------------------------------------------------------------------------------

const UPI_DONE = l(
  'Pembayaran tercatat otomatis; simpan ID transaksi UPI sampai Kilat menampilkannya sebagai diterima.',
  'The payment is recorded automatically; keep the UPI transaction ID until Kilat shows it as received.',
  'El pago se registra solo; guarda el ID de la operación UPI hasta que Kilat lo muestre como recibido.',
)

const UPI: readonly StepGroupTexts[] = [
  {
    name: l('Permintaan pembayaran UPI', 'UPI collect request', 'Solicitud de cobro UPI'),
    steps: [
      l(
        'Di halaman pembayaran, masukkan UPI ID Anda (misalnya nama@bank) untuk menerima permintaan pembayaran dari Kilat.',
        'On the repayment page, enter your UPI ID (for example name@bank) to receive a payment request from Kilat.',
        'En la página de pago, escribe tu UPI ID (por ejemplo nombre@banco) para recibir una solicitud de pago de Kilat.',
      ),
      l(
        'Buka aplikasi UPI Anda (BHIM, Google Pay, PhonePe, Paytm atau aplikasi bank Anda) dan lihat permintaan yang menunggu.',
        "Open your UPI app (BHIM, Google Pay, PhonePe, Paytm or your bank's app) and look for pending requests.",
        'Abre tu app UPI (BHIM, Google Pay, PhonePe, Paytm o la de tu banco) y busca las solicitudes pendientes.',
      ),
      l('Periksa bahwa permintaan berasal dari Kilat ({account}) sebesar {amount}.', 'Check that the request is from Kilat ({account}) for {amount}.', 'Comprueba que la solicitud sea de Kilat ({account}) por {amount}.'),
      l('Setujui dan masukkan UPI PIN Anda sebelum permintaan kedaluwarsa.', 'Approve it and enter your UPI PIN before the request expires.', 'Apruébala y escribe tu UPI PIN antes de que venza.'),
      UPI_DONE,
    ],
  },
  {
    name: l('Tautan aplikasi UPI', 'UPI app link', 'Enlace a tu app UPI'),
    steps: [
      l('Di ponsel ini, ketuk tautan pembayaran UPI di halaman pembayaran.', 'On this phone, tap the UPI payment link on the repayment page.', 'En este teléfono, toca el enlace de pago UPI en la página de pago.'),
      l('Pilih aplikasi UPI yang ingin Anda pakai.', 'Choose the UPI app you want to pay with.', 'Elige la app UPI con la que quieres pagar.'),
      l(
        'Periksa bahwa penerima adalah Kilat ({account}) dan jumlahnya {amount}; jangan ubah jumlahnya.',
        'Check that the payee is Kilat ({account}) and the amount is {amount}; do not change the amount.',
        'Comprueba que el beneficiario sea Kilat ({account}) y el monto {amount}; no cambies el monto.',
      ),
      l('Masukkan UPI PIN Anda untuk membayar.', 'Enter your UPI PIN to pay.', 'Escribe tu UPI PIN para pagar.'),
      UPI_DONE,
    ],
  },
]

const ADD_BENEFICIARY = l(
  'Tambahkan penerima baru: nama Kilat, nomor rekening {account}, IFSC {ifsc}.',
  'Add a new beneficiary: name Kilat, account number {account}, IFSC {ifsc}.',
  'Agrega un beneficiario nuevo: nombre Kilat, número de cuenta {account}, IFSC {ifsc}.',
)
const BENEFICIARY_WAIT = l(
  'Beberapa bank baru mengizinkan transfer ke penerima baru setelah jeda singkat; tunggu sampai penerima aktif.',
  'Some banks let you pay a new beneficiary only after a short wait; wait until it is active.',
  'Algunos bancos solo permiten pagar a un beneficiario nuevo tras una breve espera; espera a que esté activo.',
)
// IMPS only: its reference is the 12-digit number the borrower submits afterwards (isValidUtr in
// @kilat/domain); a NEFT reference has 16 characters and would be refused.
const PAY_IMPS = l(
  'Pilih IMPS sebagai mode transfer dan kirim tepat {amount}.',
  'Choose IMPS as the transfer mode and send exactly {amount}.',
  'Elige IMPS como modo de transferencia y envía exactamente {amount}.',
)
const NOTE_UTR = l(
  'Catat nomor referensi 12 digit (UTR) pada bukti transfer.',
  'Note the 12-digit reference number (UTR) on the confirmation.',
  'Anota el número de referencia de 12 dígitos (UTR) del comprobante.',
)
const SUBMIT_UTR = l(
  'Di halaman pembayaran Kilat, kirimkan UTR tersebut agar pembayaran Anda dapat dicocokkan.',
  'On the Kilat repayment page, submit that UTR so that we can match your payment.',
  'En la página de pago de Kilat, envía ese UTR para que podamos identificar tu pago.',
)

const BANK_TRANSFER: readonly StepGroupTexts[] = [
  {
    name: l('Mobile banking', 'Mobile banking', 'Banca móvil'),
    steps: [
      l('Buka aplikasi mobile banking bank Anda dan masuk.', "Open your bank's mobile banking app and log in.", 'Abre la app de tu banco e inicia sesión.'),
      ADD_BENEFICIARY,
      BENEFICIARY_WAIT,
      PAY_IMPS,
      l('Konfirmasi dengan MPIN atau OTP Anda.', 'Confirm with your MPIN or OTP.', 'Confirma con tu MPIN u OTP.'),
      NOTE_UTR,
      SUBMIT_UTR,
    ],
  },
  {
    name: l('Internet banking', 'Net banking', 'Banca por internet'),
    steps: [
      l('Masuk ke internet banking bank Anda.', "Log in to your bank's net banking.", 'Inicia sesión en la banca por internet de tu banco.'),
      ADD_BENEFICIARY,
      BENEFICIARY_WAIT,
      PAY_IMPS,
      l('Konfirmasi dengan OTP yang dikirim bank Anda.', 'Confirm with the OTP your bank sends you.', 'Confirma con el OTP que te envía tu banco.'),
      NOTE_UTR,
      SUBMIT_UTR,
    ],
  },
]

// --- Mexico --------------------------------------------------------------------------------------

// The CLABE is the borrower's own (it identifies the loan), so any numeric reference will do;
// the concept is only what the borrower sees on the statement.
const speiSteps = (open: Texts): readonly Texts[] => [
  open,
  l('Pilih transfer SPEI ke bank lain dan tambahkan rekening baru.', 'Choose a SPEI transfer to another bank and add a new account.', 'Elige transferir a otro banco (SPEI) y da de alta una cuenta nueva.'),
  l(
    'Masukkan CLABE {account} (18 digit); bank tujuan terisi otomatis. Nama penerima: Kilat.',
    'Enter the CLABE {account} (18 digits); the receiving bank fills in by itself. Beneficiary name: Kilat.',
    'Escribe la CLABE {account} (18 dígitos); el banco destino aparece solo. Nombre del beneficiario: Kilat.',
  ),
  l(
    'Masukkan jumlah tepat {amount} dan tulis "Kilat" sebagai konsep pembayaran.',
    'Enter exactly {amount} and write "Kilat" as the payment concept.',
    'Escribe el monto exacto {amount} y pon "Kilat" en el concepto de pago.',
  ),
  l(
    'Jika diminta referensi angka, angka apa pun boleh (misalnya 1): CLABE ini milik pinjaman Anda.',
    'If asked for a numeric reference, any number will do (for example 1): this CLABE belongs to your loan.',
    'Si te pide una referencia numérica, cualquiera sirve (por ejemplo 1): esta CLABE es de tu préstamo.',
  ),
  l('Konfirmasi dengan token atau PIN Anda.', 'Confirm with your token or PIN.', 'Autoriza con tu token o NIP.'),
  l(
    'Simpan bukti transfer dengan kode pelacakan (clave de rastreo); SPEI biasanya masuk dalam beberapa menit.',
    'Keep the receipt with its tracking key (clave de rastreo); SPEI transfers usually arrive within minutes.',
    'Guarda el comprobante con la clave de rastreo; las transferencias SPEI suelen llegar en minutos.',
  ),
]

const SPEI: readonly StepGroupTexts[] = [
  {
    name: l('Aplikasi bank', 'Bank app', 'App de tu banco'),
    steps: speiSteps(l('Buka aplikasi bank Anda dan masuk.', "Open your bank's app and log in.", 'Abre la app de tu banco e inicia sesión.')),
  },
  {
    name: l('Internet banking', 'Online banking', 'Banca en línea'),
    steps: speiSteps(l('Masuk ke internet banking bank Anda.', "Log in to your bank's online banking.", 'Entra a la banca en línea de tu banco.')),
  },
]

const OXXO: readonly Texts[] = [
  l('Datang ke toko OXXO mana pun.', 'Go to any OXXO store.', 'Acude a cualquier tienda OXXO.'),
  l(
    'Beri tahu kasir bahwa Anda ingin melakukan pembayaran OXXO Pay untuk Kilat.',
    'Tell the cashier you want to make an OXXO Pay payment to Kilat.',
    'Dile al cajero que quieres hacer un pago con OXXO Pay para Kilat.',
  ),
  l('Sebutkan atau tunjukkan nomor referensi {account}.', 'Read out or show the reference number {account}.', 'Dicta o muestra la referencia {account}.'),
  l('Pastikan layar kasir menampilkan {amount}.', 'Check that the till shows {amount}.', 'Verifica que la caja muestre {amount}.'),
  l('Bayar {amount} tunai; OXXO dapat mengenakan komisi terpisah di kasir.', 'Pay {amount} in cash; OXXO may charge its own fee at the till.', 'Paga {amount} en efectivo; OXXO puede cobrar una comisión aparte en caja.'),
  l('Simpan tiket sebagai bukti pembayaran.', 'Keep the ticket as proof of payment.', 'Guarda el ticket: es tu comprobante de pago.'),
]

/** Named groups of steps (a bank's groups, docs/product/screens.md#that), by market and method code: every transfer method. */
export const STEP_GROUPS: Readonly<Record<Market, Readonly<Record<string, readonly StepGroupTexts[]>>>> = {
  ID: ID_BANKS,
  IN: { UPI, BANK_TRANSFER },
  MX: { SPEI },
}

/** A flat list of steps (a mini market's list, docs/product/screens.md#that), by market and method code: every counter or cash method. */
export const STEP_LISTS: Readonly<Record<Market, Readonly<Record<string, readonly Texts[]>>>> = {
  ID: { ALFAMART: atTheTill('Alfamart'), INDOMARET: atTheTill('Indomaret') },
  IN: {},
  MX: { OXXO },
}
