/**
 * The region codes an identity number carries (docs/product/identity-and-payout-account.md#identity-checks).
 * identity.ts re-exports them.
 */

/**
 * Indonesia's province codes as the Ministry of Home Affairs numbers them and Dukcapil writes them in
 * the first two digits of a NIK and of a regency or city code, with the four Papua provinces formed
 * in 2022 (93 to 96). A NIK keeps the code of the province that issued it: a borrower registered in
 * Papua before the split still has 91, so the code never has to agree with today's address.
 */
export const ID_PROVINCES = {
  '11': 'Aceh',
  '12': 'Sumatera Utara',
  '13': 'Sumatera Barat',
  '14': 'Riau',
  '15': 'Jambi',
  '16': 'Sumatera Selatan',
  '17': 'Bengkulu',
  '18': 'Lampung',
  '19': 'Kepulauan Bangka Belitung',
  '21': 'Kepulauan Riau',
  '31': 'DKI Jakarta',
  '32': 'Jawa Barat',
  '33': 'Jawa Tengah',
  '34': 'DI Yogyakarta',
  '35': 'Jawa Timur',
  '36': 'Banten',
  '51': 'Bali',
  '52': 'Nusa Tenggara Barat',
  '53': 'Nusa Tenggara Timur',
  '61': 'Kalimantan Barat',
  '62': 'Kalimantan Tengah',
  '63': 'Kalimantan Selatan',
  '64': 'Kalimantan Timur',
  '65': 'Kalimantan Utara',
  '71': 'Sulawesi Utara',
  '72': 'Sulawesi Tengah',
  '73': 'Sulawesi Selatan',
  '74': 'Sulawesi Tenggara',
  '75': 'Gorontalo',
  '76': 'Sulawesi Barat',
  '81': 'Maluku',
  '82': 'Maluku Utara',
  '91': 'Papua',
  '92': 'Papua Barat',
  '93': 'Papua Selatan',
  '94': 'Papua Tengah',
  '95': 'Papua Pegunungan',
  '96': 'Papua Barat Daya',
} as const satisfies Record<string, string>

export type IdProvinceCode = keyof typeof ID_PROVINCES

export function isIdProvinceCode(value: string): value is IdProvinceCode {
  return Object.hasOwn(ID_PROVINCES, value)
}

/**
 * The two letters of the state of birth in a CURP, as RENAPO lists them: the 32 states (Mexico City
 * keeps DF) and NE, "nacido en el extranjero", for a borrower born abroad.
 */
export const MX_STATES = {
  AS: 'Aguascalientes',
  BC: 'Baja California',
  BS: 'Baja California Sur',
  CC: 'Campeche',
  CL: 'Coahuila',
  CM: 'Colima',
  CS: 'Chiapas',
  CH: 'Chihuahua',
  DF: 'Ciudad de México',
  DG: 'Durango',
  GT: 'Guanajuato',
  GR: 'Guerrero',
  HG: 'Hidalgo',
  JC: 'Jalisco',
  MC: 'Estado de México',
  MN: 'Michoacán',
  MS: 'Morelos',
  NT: 'Nayarit',
  NL: 'Nuevo León',
  OC: 'Oaxaca',
  PL: 'Puebla',
  QT: 'Querétaro',
  QR: 'Quintana Roo',
  SP: 'San Luis Potosí',
  SL: 'Sinaloa',
  SR: 'Sonora',
  TC: 'Tabasco',
  TS: 'Tamaulipas',
  TL: 'Tlaxcala',
  VZ: 'Veracruz',
  YN: 'Yucatán',
  ZS: 'Zacatecas',
  NE: 'Nacido en el extranjero',
} as const satisfies Record<string, string>

export type MxStateCode = keyof typeof MX_STATES

export function isMxStateCode(value: string): value is MxStateCode {
  return Object.hasOwn(MX_STATES, value)
}
