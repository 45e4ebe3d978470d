import { BRANDS, type BrandId } from '#shared/brands';

/** The SMS program's texts (CTIA: name, help contact, rates, how to stop). */
export const PROGRAM_NAME = 'SEC Filing Alerts';

type Brand = string | null;

export function programName(brand: Brand): string {
  return brand && brand in BRANDS ? BRANDS[brand as BrandId].brandName : PROGRAM_NAME;
}

export const SMS = {
  verify: (brand: BrandId) =>
    `${programName(brand)}: reply YES to get filing alerts at this number. Msg&data rates may apply. Reply HELP for help, STOP to opt out.`,
  existingAccount: (brand: BrandId, loginUrl: string) =>
    `${programName(brand)}: this number already belongs to an account. Sign in with it at ${loginUrl} to see it. Reply STOP to opt out.`,
  verified: (brand: Brand) =>
    `${programName(brand)}: your number is verified. Filing alerts will arrive here. Msg&data rates may apply. Reply HELP for help, STOP to opt out.`,
  alreadyVerified: (brand: Brand) =>
    `${programName(brand)}: this number is already verified. Reply HELP for help, STOP to opt out.`,
  takenByOther: (brand: Brand) =>
    `${programName(brand)}: this number is already verified on another account. Sign in with it to use it. Reply STOP to opt out.`,
  twoAccountsWaiting: `${PROGRAM_NAME}: two accounts asked to use this number, so we confirmed neither. If you asked, open the app, choose Verify Now and reply YES again. Reply STOP to opt out.`,
  nothingPending: `${PROGRAM_NAME}: there is nothing to confirm for this number. Add it in the app first, then reply YES. Reply HELP for help.`,
  stopped: (brand: Brand) =>
    `${programName(brand)}: you are unsubscribed and will receive no more messages. Reply START to subscribe again.`,
  started: (brand: Brand) =>
    `${programName(brand)}: you are subscribed again. Msg&data rates may apply. Reply HELP for help, STOP to opt out.`,
  help: (brand: Brand, support: string) =>
    `${programName(brand)}: SEC filing alerts for your watchlist. Help: ${support}. Msg&data rates may apply. Reply STOP to opt out.`,
  unknown: (brand: Brand) => `${programName(brand)}: reply YES to confirm this number, HELP for help, STOP to opt out.`,
};
