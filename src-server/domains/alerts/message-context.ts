import { BRANDS, type BrandId } from '#shared/brands';
import type { AppDeps } from '../../deps';
import { brandLinkBase } from '../auth/request-info';
import { programName } from '../auth/contact-messages';
import type { MessageContext } from './alert-messages';
import type { UnsubscribeChannel } from './unsubscribe.repo';
import { unsubscribeToken } from './unsubscribe.service';

/** Names and links every alert message carries; email ones get their channel's unsubscribe link. */
export async function messageContext(
  deps: AppDeps,
  {
    userId,
    brand,
    timeZone,
    channel,
  }: { userId: string; brand: string; timeZone: string; channel: UnsubscribeChannel },
): Promise<MessageContext> {
  const base = brandLinkBase(deps, brand);
  const unsubscribeUrl =
    channel === 'sms' ? '' : `${base}/unsubscribe/${await unsubscribeToken(deps.db, { userId, channel })}`;
  const brandColor = brand in BRANDS ? BRANDS[brand as BrandId].ui.primaryColor : BRANDS['8k'].ui.primaryColor;
  return {
    brandName: programName(brand),
    brandColor,
    publicUrl: base,
    timeZone,
    unsubscribeUrl,
    postalAddress: deps.env.MAIL_POSTAL_ADDRESS ?? null,
  };
}
