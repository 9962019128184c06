import type { IdentityField, IdentityReason, IdentityRefusal, Locale, PayoutAccountField, PayoutAccountReason, PayoutAccountRefusal } from '@kilat/domain'

/**
 * What a borrower reads of a refused identity or account field, in their language: the field's
 * name and why (docs/product/identity-and-payout-account.md#identity-checks). The domain gives the
 * field and the reason key; the words are here, once.
 */

type Words = Record<Locale, string>
const w = (id: string, en: string, es: string): Words => ({ id, en, es })

const IDENTITY_FIELDS: Record<IdentityField, Words> = {
  fullName: w('Nama lengkap', 'Full name', 'Nombre completo'),
  birthDate: w('Tanggal lahir', 'Date of birth', 'Fecha de nacimiento'),
  gender: w('Jenis kelamin', 'Gender', 'Sexo'),
  placeOfBirth: w('Tempat lahir', 'Place of birth', 'Lugar de nacimiento'),
  nik: w('NIK', 'NIK', 'NIK'),
  pan: w('PAN', 'PAN', 'PAN'),
  'aadhaar.lastFour': w('4 digit terakhir Aadhaar', 'Last 4 digits of Aadhaar', 'Últimos 4 dígitos de Aadhaar'),
  'aadhaar.ekycReference': w('Referensi eKYC', 'eKYC reference', 'Referencia eKYC'),
  curp: w('CURP', 'CURP', 'CURP'),
  rfc: w('RFC', 'RFC', 'RFC'),
  'address.street': w('Alamat', 'Address', 'Domicilio'),
  'address.provinceCode': w('Kode provinsi', 'Province code', 'Código de provincia'),
  'address.cityCode': w('Kode kabupaten/kota', 'City code', 'Código de ciudad'),
  'address.pinCode': w('Kode PIN', 'PIN code', 'Código PIN'),
  'address.postalCode': w('Kode pos', 'Postal code', 'Código postal'),
}

const IDENTITY_REASONS: Record<IdentityReason, Words> = {
  required: w('wajib diisi.', 'is required.', 'es obligatorio.'),
  format: w('formatnya tidak valid.', 'is not in a valid format.', 'no tiene un formato válido.'),
  tooLong: w('terlalu panjang.', 'is too long.', 'es demasiado largo.'),
  invalidDate: w('bukan tanggal yang valid.', 'is not a real date.', 'no es una fecha válida.'),
  futureDate: w('tidak boleh di masa depan.', 'cannot be in the future.', 'no puede ser una fecha futura.'),
  underAge: w('Anda harus berusia minimal 18 tahun.', 'you must be at least 18 years old.', 'debes tener al menos 18 años.'),
  unknownProvince: w('kode provinsi tidak dikenal.', 'has an unknown province code.', 'tiene un código de provincia desconocido.'),
  cityNotInProvince: w('tidak berada di provinsi yang dipilih.', 'is not in the province given.', 'no pertenece a la provincia indicada.'),
  unknownState: w('kode negara bagian tidak dikenal.', 'has an unknown state code.', 'tiene un código de estado desconocido.'),
  invalidSerial: w('nomor urutnya tidak valid.', 'has an invalid serial number.', 'tiene un número de serie no válido.'),
  birthDateMismatch: w('tidak sesuai dengan tanggal lahir.', 'does not match the date of birth.', 'no coincide con la fecha de nacimiento.'),
  genderMismatch: w('tidak sesuai dengan jenis kelamin.', 'does not match the gender.', 'no coincide con el sexo.'),
  notIndividual: w('harus milik perorangan, bukan badan usaha.', "must be a person's, not a company's.", 'debe ser de una persona física, no de una empresa.'),
  checkDigit: w('digit pemeriksanya salah.', 'has a wrong check digit.', 'tiene un dígito verificador incorrecto.'),
  fullNumberGiven: w('hanya 4 digit terakhir yang boleh dikirim.', 'only the last 4 digits may be sent.', 'solo se pueden enviar los últimos 4 dígitos.'),
}

const ACCOUNT_FIELDS: Record<PayoutAccountField, Words> = {
  kind: w('Jenis rekening', 'Account type', 'Tipo de cuenta'),
  bankCode: w('Bank', 'Bank', 'Banco'),
  accountNo: w('Nomor rekening', 'Account number', 'Número de cuenta'),
  provider: w('Dompet digital', 'E-wallet', 'Monedero electrónico'),
  phone: w('Nomor HP dompet digital', 'E-wallet phone number', 'Teléfono del monedero'),
  ifsc: w('IFSC', 'IFSC', 'IFSC'),
  vpa: w('UPI ID', 'UPI ID', 'UPI ID'),
  clabe: w('CLABE', 'CLABE', 'CLABE'),
  cardNo: w('Nomor kartu debit', 'Debit card number', 'Número de tarjeta de débito'),
}

const ACCOUNT_REASONS: Record<PayoutAccountReason, Words> = {
  unknownKind: w('tidak tersedia di negara Anda.', 'is not available in your country.', 'no está disponible en tu país.'),
  missing: w('wajib diisi.', 'is required.', 'es obligatorio.'),
  unknownBank: w('bank ini tidak didukung.', 'this bank is not supported.', 'este banco no está disponible.'),
  accountNoDigits: w('hanya boleh berisi angka.', 'may contain digits only.', 'solo puede contener dígitos.'),
  accountNoLength: w('jumlah digitnya salah untuk bank ini.', 'has the wrong number of digits for this bank.', 'tiene un número de dígitos incorrecto para este banco.'),
  unknownProvider: w('dompet digital ini tidak didukung.', 'this e-wallet is not supported.', 'este monedero no está disponible.'),
  phone: w('bukan nomor HP yang valid.', 'is not a valid mobile number.', 'no es un número de celular válido.'),
  ifscPattern: w('harus 11 karakter seperti HDFC0001234.', 'must be 11 characters like HDFC0001234.', 'debe tener 11 caracteres, como HDFC0001234.'),
  vpaPattern: w('harus seperti nama@bank.', 'must look like name@bank.', 'debe tener la forma nombre@banco.'),
  clabeLength: w('harus 18 digit.', 'must be 18 digits.', 'debe tener 18 dígitos.'),
  clabeCheckDigit: w('digit pemeriksanya salah. Periksa kembali nomornya.', 'has a wrong check digit. Please check the number.', 'tiene un dígito verificador incorrecto. Revisa el número.'),
  clabeBank: w('bank dari CLABE ini tidak didukung.', "this CLABE's bank is not supported.", 'el banco de esta CLABE no está disponible.'),
  cardLength: w('harus 16 digit.', 'must be 16 digits.', 'debe tener 16 dígitos.'),
  cardLuhn: w('bukan nomor kartu yang valid.', 'is not a valid card number.', 'no es un número de tarjeta válido.'),
}

/** A refusal as the borrower reads it: `NIK: does not match the date of birth.` */
export function identityRefusalText(refusal: IdentityRefusal, locale: Locale): string {
  return `${IDENTITY_FIELDS[refusal.field][locale]}: ${IDENTITY_REASONS[refusal.reason][locale]}`
}

export function accountRefusalText(refusal: PayoutAccountRefusal, locale: Locale): string {
  return `${ACCOUNT_FIELDS[refusal.field][locale]}: ${ACCOUNT_REASONS[refusal.reason][locale]}`
}
