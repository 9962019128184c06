/**
 * The know-the-borrower screens' query keys, under one root: a flag's decision refreshes the queue
 * and the order screens' panels (a name mismatch accepted makes the account payable).
 */
export const KYC_KEY = ['ops', 'kyc'] as const
