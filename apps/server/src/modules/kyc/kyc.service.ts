/**
 * What other modules use of know-the-borrower (docs/product/identity-and-payout-account.md): the
 * payout outbox reads where a borrower's payouts go and whether they may go there; the payout desk
 * asks whether an account is ready; demo data and tests keep accounts; secrets:rotate re-seals.
 */
export { payoutDestinationsOf, payoutReadinessOf, saveDestination, PAYABLE } from './payout-account.js'
export { KYC_SEALED_COLUMNS } from './kyc.secrets.js'
export { seedDemoIdentities } from './demo-identities.js'
export type { NameCheck } from './kyc.schema.js'
export { identityFacts, type IdentityFacts } from './decision-facts.js'
export { currentIdentityRows, openIdentityVersions, openVersionRows, type SealedVersionRow, type SubjectIdentity } from './bureau-subjects.js'
