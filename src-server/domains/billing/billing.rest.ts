import type { RestRoutes } from '../../transport/rest/plugin';
import { parseInput } from '../../transport/rest/validate';
import { returnBaseFor } from '../auth/request-info';
import { callerSession } from '../auth/rest-helpers';
import { assertPro } from '../auth/session.service';
import { requestBrand } from '../../transport/rest/brand';
import * as schemas from './billing.schemas';
import {
  billingStatus,
  cancelSubscription,
  confirmCheckout,
  openPortal,
  previewAddonPacks,
  resumeSubscription,
  setAddonPacks,
  startCheckout,
} from './billing.service';
import { isVerified } from '../auth/session.service';
import { AppError } from '../../core/app-error';

/** /api billing paths: the same services as the web app's billing.* procedures. */
export const billingRest: RestRoutes = (app, deps) => {
  const verified = <T extends { emailVerifiedAt: Date | null; phoneVerifiedAt: Date | null; email: string | null; phone: string | null }>(user: T) => {
    if (!isVerified(user)) throw new AppError('FORBIDDEN', 'Verify your email or phone first.', { reason: 'not_verified' });
    return user;
  };

  app.get('/billing', async (request) => {
    const { user } = await callerSession(deps, request, undefined);
    return billingStatus(deps, { userId: user.id, brand: requestBrand(deps, request) });
  });

  /** { url } of a Checkout Session, for scripts as for the web app. */
  app.post('/billing/checkout', async (request) => {
    const input = parseInput(schemas.rest.checkout, request.body);
    const { user } = await callerSession(deps, request, input);
    return startCheckout(deps, {
      userId: verified(user).id,
      brand: requestBrand(deps, request),
      linkBase: returnBaseFor(deps, request.headers.host),
      packs: input.packs,
      requestKey: input.requestKey,
    });
  });

  app.get('/billing/checkout/confirm', async (request) => {
    const query = parseInput(schemas.rest.confirmQuery, request.query);
    const { user } = await callerSession(deps, request, undefined);
    return confirmCheckout(deps, { userId: user.id, sessionId: query.session_id });
  });

  app.post('/billing/portal', async (request) => {
    const input = parseInput(schemas.rest.portal, request.body);
    const { user } = await callerSession(deps, request, input);
    return openPortal(deps, { userId: verified(user).id, brand: requestBrand(deps, request), linkBase: returnBaseFor(deps, request.headers.host), flow: input.flow });
  });

  app.get('/billing/addons/preview', async (request) => {
    const query = parseInput(schemas.rest.previewQuery, request.query);
    const { user } = await callerSession(deps, request, undefined);
    assertPro(user);
    return previewAddonPacks(deps, { userId: user.id, brand: requestBrand(deps, request), packs: query.packs });
  });

  app.post('/billing/addons', async (request) => {
    const input = parseInput(schemas.rest.addons, request.body);
    const { user } = await callerSession(deps, request, input);
    assertPro(user);
    return setAddonPacks(deps, { userId: user.id, brand: requestBrand(deps, request), packs: input.packs, requestKey: input.requestKey });
  });

  /** SPEC.md section 7: cancels at the end of the paid period (PRO until then). */
  app.post('/cancel-subscription', async (request) => {
    const input = parseInput(schemas.rest.sessionOnly, request.body);
    const { user } = await callerSession(deps, request, input);
    return cancelSubscription(deps, { userId: user.id, brand: requestBrand(deps, request) });
  });

  app.post('/resume-subscription', async (request) => {
    const input = parseInput(schemas.rest.sessionOnly, request.body);
    const { user } = await callerSession(deps, request, input);
    return resumeSubscription(deps, { userId: user.id, brand: requestBrand(deps, request) });
  });
};
