/**
 * The path of every screen, written once in the contract (the server writes its links with the
 * same paths). Features link to each other's screens through these without importing each other;
 * the app's route table maps each id to the feature that renders it.
 */
export { SCREEN_IDS, SCREEN_PATHS, type ScreenId } from '@kilat/contract'
